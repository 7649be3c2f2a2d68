import { Form } from "react-router";
import { formatMoney, type Money } from "~/lib/money";
import { toDecimalString } from "~/lib/money-math";
import { inputClass } from "~/lib/ui/field";
import { PACK_BOUNDS } from "../rules";

/** The streamer's pack of one gig, as `packOfferForm` returns it. */
export type PackOfferFormView = {
  gigId: string;
  gigTitle: string;
  single: Money;
  offer: { sessions: number; price: Money; validDays: number; active: boolean } | null;
};

/**
 * The streamer's session pack of one gig: how many sessions, the pack's price in their currency, how long it lasts,
 * and whether it is on offer. A plain form (no JavaScript needed); the browser checks the bounds before it submits,
 * the use case again.
 */
export function PackOfferForm({
  view,
  error,
  sent,
}: {
  view: PackOfferFormView;
  error: string | null;
  /** A refused submission's fields, as sent (the form shows them again, not the saved pack). */
  sent: Record<string, unknown> | null;
}) {
  const offer = view.offer;
  const value = (name: string, saved: string | number | undefined) =>
    sent ? String(sent[name] ?? "") : saved === undefined ? undefined : String(saved);
  const label = "flex flex-col gap-1 text-sm font-medium";
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="pack-offer-form">
      <p className="text-sm text-zinc-300">
        One session of this gig costs {formatMoney(view.single)}. A pack sells several at once for less: fans pay once
        and book later, each booking uses one credit.
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      <label className={label}>
        Sessions in the pack
        <input
          className={inputClass}
          type="number"
          name="sessions"
          required
          min={PACK_BOUNDS.sessions.min}
          max={PACK_BOUNDS.sessions.max}
          defaultValue={value("sessions", offer?.sessions ?? 5)}
        />
      </label>
      <label className={label}>
        {`Pack price (${view.single.currency})`}
        <input
          className={inputClass}
          type="number"
          name="price"
          required
          min="0.01"
          step="0.01"
          defaultValue={value("price", offer ? toDecimalString(offer.price) : undefined)}
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
          defaultValue={value("validDays", offer?.validDays ?? 90)}
        />
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          defaultChecked={sent ? sent.active === "on" : offer ? offer.active : true}
        />
        On offer on the gig page
      </label>
      <button type="submit" className="primary-button self-start">
        Save pack
      </button>
    </Form>
  );
}
