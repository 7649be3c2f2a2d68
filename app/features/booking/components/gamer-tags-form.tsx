import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { orderPath } from "~/lib/paths";
import { inputClass } from "~/lib/ui/field";
import { updateGamerTagsSchema } from "../orders-schema";
import { GAMERTAG_MAX_LENGTH } from "../rules";

type Tag = { id: string; gamertag: string };

/**
 * The gamer tags of a booking, editable until the slot starts. Posts to /profile/orders/:orderId (works
 * without JavaScript); with JavaScript the same Zod schema checks it before it is sent.
 */
export function GamerTagsForm({
  orderId,
  slotId,
  tags,
  serverError,
}: {
  orderId: string;
  slotId: string | null;
  tags: Tag[];
  serverError?: string;
}) {
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? serverError;
  return (
    <Form
      method="post"
      action={orderPath(orderId)}
      className="flex flex-col gap-2"
      aria-label="Gamer tags"
      onSubmit={(event) => {
        const submission = parseWithZod(new FormData(event.currentTarget), { schema: updateGamerTagsSchema });
        if (submission.status !== "success") {
          event.preventDefault();
          const errors = Object.values(submission.error ?? {}).flat();
          setClientError(errors.find((e): e is string => !!e) ?? "Check the gamer tags");
        } else setClientError(null);
      }}
    >
      <input type="hidden" name="intent" value="gamertags" />
      <input type="hidden" name="order_id" value={orderId} />
      {slotId ? <input type="hidden" name="slot_id" value={slotId} /> : null}
      {tags.map((tag, index) => (
        <div key={tag.id} className="flex items-center gap-2">
          <input type="hidden" name={`updatedGamerTagsWithId[${index}]._id`} value={tag.id} />
          <label className="w-24 shrink-0 text-xs text-zinc-400" htmlFor={`tag-${tag.id}`}>
            Player {index + 1}
          </label>
          <input
            id={`tag-${tag.id}`}
            name={`updatedGamerTagsWithId[${index}].gamerTag`}
            defaultValue={tag.gamertag}
            maxLength={GAMERTAG_MAX_LENGTH}
            required
            className={inputClass}
          />
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="self-start rounded-lg border border-ink-600 px-3 py-1.5 text-sm font-semibold hover:border-brand-500"
      >
        Save gamer tags
      </button>
    </Form>
  );
}
