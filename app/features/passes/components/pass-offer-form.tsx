import { PrepaidOfferForm } from "~/features/packs";
import type { Money } from "~/lib/money";
import { PASS_BOUNDS } from "../rules";

/** The streamer's VIP pass, as `passOfferForm` returns it. */
export type PassOfferFormView = {
  currency: Money["currency"];
  offer: { places: number; price: Money; validDays: number; active: boolean } | null;
};

/** The streamer's VIP pass: how many VIP places, its price in their currency, how long it lasts, on offer or not. */
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
  return (
    <PrepaidOfferForm
      testId="pass-offer-form"
      intro="A VIP pass sells places in your live sessions' VIP queue in advance: fans pay once, then join the VIP queue of any of your live sessions without paying again. A place that is not served (you end the session before their turn, or remove them) gives its use back to the fan; you earn a use when you serve it."
      count={{ name: "places", label: "VIP places in the pass", ...PASS_BOUNDS.places, saved: view.offer?.places }}
      priceLabel={`Pass price (${view.currency})`}
      saved={view.offer}
      activeLabel="On offer on your page"
      submitLabel="Save VIP pass"
      error={error}
      sent={sent}
    />
  );
}
