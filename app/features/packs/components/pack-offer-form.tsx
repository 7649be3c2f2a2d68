import { formatMoney, type Money } from "~/lib/money";
import { PACK_BOUNDS } from "../rules";
import { PrepaidOfferForm } from "./prepaid-offer-form";

/** The streamer's pack of one gig, as `packOfferForm` returns it. */
export type PackOfferFormView = {
  gigId: string;
  gigTitle: string;
  single: Money;
  offer: { sessions: number; price: Money; validDays: number; active: boolean } | null;
};

/** The streamer's session pack of one gig: how many sessions, its price, how long it lasts, on offer or not. */
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
  return (
    <PrepaidOfferForm
      testId="pack-offer-form"
      intro={`One session of this gig costs ${formatMoney(view.single)}. A pack sells several at once for less: fans pay once and book later, each booking uses one credit.`}
      count={{ name: "sessions", label: "Sessions in the pack", ...PACK_BOUNDS.sessions, saved: view.offer?.sessions }}
      priceLabel={`Pack price (${view.single.currency})`}
      saved={view.offer}
      activeLabel="On offer on the gig page"
      submitLabel="Save pack"
      error={error}
      sent={sent}
    />
  );
}
