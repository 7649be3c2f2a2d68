import { Form } from "react-router";
import type { Money } from "~/lib/money";
import { toDecimalString } from "~/lib/money-math";
import { inputClass } from "~/lib/ui/field";
import { PASS_BOUNDS } from "../rules";

/** The streamer's VIP pass, as `passOfferForm` returns it. */
export type PassOfferFormView = {
  currency: Money["currency"];
  offer: { places: number; price: Money; validDays: number; active: boolean } | null;
};

/**
 * The streamer's VIP pass: how many VIP places, its price in their currency, how long it lasts, and whether it is on
 * offer. A plain form (no JavaScript needed); the browser checks the bounds before it submits, the use case again.
 */
export function PassOfferForm({
  view,
  error,
  sent,
}: {
  view: PassOfferFormView;
  error: string | null;
  /** A refused submission's fields, as sent (the form shows them again, not the saved pass). */
  sent: Record<string, unknown> | null;
}) {
  const offer = view.offer;
  const value = (name: string, saved: string | number | undefined) =>
    sent ? String(sent[name] ?? "") : saved === undefined ? undefined : String(saved);
  const label = "flex flex-col gap-1 text-sm font-medium";
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="pass-offer-form">
      <p className="text-sm text-zinc-300">
        A VIP pass sells places in your live sessions' VIP queue in advance: fans pay once, then join the VIP queue of
        any of your live sessions without paying again. A place that is not served (you end the session before their
        turn, or remove them) gives its use back to the fan; you earn a use when you serve it.
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-950 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      <label className={label}>
        VIP places in the pass
        <input
          className={inputClass}
          type="number"
          name="places"
          required
          min={PASS_BOUNDS.places.min}
          max={PASS_BOUNDS.places.max}
          defaultValue={value("places", offer?.places ?? 5)}
        />
      </label>
      <label className={label}>
        {`Pass price (${view.currency})`}
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
          min={PASS_BOUNDS.validDays.min}
          max={PASS_BOUNDS.validDays.max}
          defaultValue={value("validDays", offer?.validDays ?? 90)}
        />
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          defaultChecked={sent ? sent.active === "on" : offer ? offer.active : true}
        />
        On offer on your page
      </label>
      <button type="submit" className="primary-button self-start">
        Save VIP pass
      </button>
    </Form>
  );
}
