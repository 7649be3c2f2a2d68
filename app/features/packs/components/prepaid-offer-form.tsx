import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Money } from "~/lib/money";
import { toDecimalString } from "~/lib/money-math";
import { inputClass } from "~/lib/ui/field";
import { PACK_BOUNDS } from "../rules";

/**
 * The form of something a streamer sells in advance (a gig's session pack, their VIP pass): how many (sessions or
 * places), its price in their currency, how long it lasts, and whether it is on offer. A plain form (no JavaScript
 * needed); the browser checks the bounds before it submits, the use case again.
 */
export function PrepaidOfferForm(props: {
  testId: string;
  intro: ReactNode;
  count: { name: string; label: string; min: number; max: number; saved: number | undefined };
  priceLabel: string;
  saved: { price: Money; validDays: number; active: boolean } | null;
  activeLabel: string;
  submitLabel: string;
  error: string | null;
  /** A refused submission's fields, as sent (the form shows them again, not the saved offer). */
  sent: Record<string, unknown> | null;
}) {
  const { saved, sent, count } = props;
  const value = (name: string, kept: string | number | undefined) =>
    sent ? String(sent[name] ?? "") : kept === undefined ? undefined : String(kept);
  const label = "flex flex-col gap-1 text-sm font-medium";
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid={props.testId}>
      <p className="text-sm text-zinc-300">{props.intro}</p>
      {props.error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 px-3 py-2 text-sm text-red-200">
          {props.error}
        </p>
      ) : null}
      <label className={label}>
        {count.label}
        <input
          className={inputClass}
          type="number"
          name={count.name}
          required
          min={count.min}
          max={count.max}
          defaultValue={value(count.name, count.saved ?? 5)}
        />
      </label>
      <label className={label}>
        {props.priceLabel}
        <input
          className={inputClass}
          type="number"
          name="price"
          required
          min="0.01"
          step="0.01"
          defaultValue={value("price", saved ? toDecimalString(saved.price) : undefined)}
        />
      </label>
      <label className={label}>
        Valid for (days after buying)
        <input
          className={inputClass}
          type="number"
          name="validDays"
          required
          min={PACK_BOUNDS.validDays.min}
          max={PACK_BOUNDS.validDays.max}
          defaultValue={value("validDays", saved?.validDays ?? 90)}
        />
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          defaultChecked={sent ? sent.active === "on" : saved ? saved.active : true}
        />
        {props.activeLabel}
      </label>
      <button type="submit" className="primary-button self-start">
        {props.submitLabel}
      </button>
    </Form>
  );
}
