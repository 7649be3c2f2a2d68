import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSearchParams } from "react-router";
import {
  AdminPage,
  buttonClass,
  dangerButtonClass,
  FormAlert,
  replyErrors,
  Section,
  secondaryButtonClass,
} from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { CONTENT_COPY, faqIdSchema, faqMoveSchema, faqSchema } from "~/features/content";
import { deleteFaq, listFaqsForStaff, moveFaq, saveFaq } from "~/features/content/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/faqs";

export const meta = () => [{ title: "FAQ | Noobrd staff" }];

/** /admin/faqs: add, edit (?edit=id), reorder (up/down) and delete the questions the FAQ page shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "content");
  return { faqs: await listFaqsForStaff(env, viewer) };
}

const back = (message: string) => () => ({ to: "/admin/faqs", message });

export const action = pageAction({
  guard: staffWith("content"),
  intents: {
    save: {
      schema: faqSchema,
      run: (v, { env, viewer }) => saveFaq(env, viewer, v),
      success: back(CONTENT_COPY.faqSaved),
    },
    delete: {
      schema: faqIdSchema,
      run: (v, { env, viewer }) => deleteFaq(env, viewer, v.id),
      success: back(CONTENT_COPY.faqDeleted),
      confirm: { question: CONTENT_COPY.faqDeleteConfirm, yes: "Yes, delete" },
    },
    move: {
      schema: faqMoveSchema,
      run: (v, { env, viewer }) => moveFaq(env, viewer, v.id, v.direction),
      success: back(CONTENT_COPY.faqMoved),
    },
  },
});

export default function Faqs({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const editing = loaderData.faqs.find((f) => f.id === params.get("edit")) ?? null;
  const [form] = useForm({
    id: editing ? `faq-${editing.id}` : "faq-new",
    lastResult: actionData?.intent === "save" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: faqSchema }),
  });
  const sent = (form.initialValue ?? {}) as Record<string, string | undefined>;
  const otherErrors = replyErrors(actionData, ["save"]);
  return (
    <AdminPage title="FAQ" lead="The questions on the public FAQ, in this order.">
      <Section title={editing ? "Edit question" : "Add a question"}>
        <Form method="post" {...getFormProps(form)} key={editing?.id ?? "new"} className="flex flex-col gap-3 text-sm">
          <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <label className="flex flex-col gap-1">
            Question
            <input
              name="question"
              required
              defaultValue={sent.question ?? editing?.question ?? ""}
              className={inputClass}
            />
          </label>
          <label className="flex flex-col gap-1">
            Answer
            <textarea
              name="answer"
              rows={4}
              required
              defaultValue={sent.answer ?? editing?.answer ?? ""}
              className={inputClass}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" name="intent" value="save" className={buttonClass}>
              {editing ? "Save question" : "Add question"}
            </button>
            {editing ? (
              <Link to="/admin/faqs" className={secondaryButtonClass}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </Section>
      <FormAlert errors={otherErrors} />
      <Section title="Questions">
        {loaderData.faqs.length === 0 ? <p className="text-sm text-zinc-400">No questions yet.</p> : null}
        <ol className="flex flex-col gap-3">
          {loaderData.faqs.map((faq, i) => (
            <li key={faq.id} className="rounded-xl border border-ink-700 p-3 text-sm">
              <p className="font-semibold">{faq.question}</p>
              <p className="mt-1 text-zinc-400">{faq.answer}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Link to={`?edit=${faq.id}`} className="underline" aria-label={`Edit: ${faq.question}`}>
                  Edit
                </Link>
                {(["up", "down"] as const).map((direction) =>
                  (direction === "up" && i === 0) ||
                  (direction === "down" && i === loaderData.faqs.length - 1) ? null : (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="id" value={faq.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <button
                        type="submit"
                        name="intent"
                        value="move"
                        className={secondaryButtonClass}
                        aria-label={`Move ${direction}: ${faq.question}`}
                      >
                        {direction === "up" ? "Move up" : "Move down"}
                      </button>
                    </Form>
                  ),
                )}
                <Form method="post">
                  <input type="hidden" name="id" value={faq.id} />
                  <ConfirmButton
                    value="delete"
                    question={CONTENT_COPY.faqDeleteConfirm}
                    yes="Yes, delete"
                    className={dangerButtonClass}
                    aria-label={`Delete: ${faq.question}`}
                  >
                    Delete
                  </ConfirmButton>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      </Section>
    </AdminPage>
  );
}
