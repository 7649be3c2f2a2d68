import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { REVIEW_COMMENT_MAX, REVIEW_RATING_MAX } from "../constants";
import { reviewFormSchema } from "../schema";

const RATINGS = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => REVIEW_RATING_MAX - index);
const WORDS: Record<number, string> = { 5: "Excellent", 4: "Good", 3: "Okay", 2: "Poor", 1: "Bad" };

/**
 * The fan's review of a played session: 1 to 5 stars and an optional comment. A plain form (works without
 * JavaScript, the server checks it with the same schema); with JavaScript it is checked before it is sent.
 */
export function ReviewForm({
  defaultRating,
  defaultComment,
  editing,
  lastResult,
}: {
  defaultRating: number | null;
  defaultComment: string | null;
  editing: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "review",
    lastResult,
    defaultValue: { rating: defaultRating ? String(defaultRating) : undefined, comment: defaultComment ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {editing ? <input type="hidden" name="editing" value="yes" /> : null}
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="mb-2 font-semibold">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-ink-700 px-3 py-2 has-[:checked]:border-amber-400"
            >
              <input
                type="radio"
                name={fields.rating.name}
                value={value}
                defaultChecked={defaultRating === value}
                className="accent-amber-400"
              />
              <span aria-hidden="true" className="text-amber-400">
                {"★".repeat(value)}
              </span>
              <span className="text-sm">
                {value} – {WORDS[value]}
              </span>
            </label>
          ))}
        </div>
        {fields.rating.errors ? (
          <p id={fields.rating.errorId} role="alert" className="mt-1 text-sm text-red-300">
            {fields.rating.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <label className="flex flex-col gap-1" htmlFor={fields.comment.id}>
        <span className="font-semibold">
          Comment <span className="font-normal text-zinc-400">(optional, up to {REVIEW_COMMENT_MAX} characters)</span>
        </span>
        <textarea
          {...getTextareaProps(fields.comment)}
          rows={5}
          className="rounded-lg border border-ink-700 bg-ink-950 p-3"
        />
      </label>
      {fields.comment.errors ? (
        <p id={fields.comment.errorId} role="alert" className="text-sm text-red-300">
          {fields.comment.errors[0]}
        </p>
      ) : null}
      {form.errors ? (
        <p id={form.errorId} role="alert" className="text-sm text-red-300">
          {form.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="min-h-11 self-start rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
        {editing ? "Update review" : "Post review"}
      </button>
    </Form>
  );
}
