/**
 * The refund contract of the site's Cancellation Policy page (seeded in scripts/seed/data/pages.ts, "If you
 * cancel"), as pure functions so the page, the use case and the tests read the same numbers:
 * - more than 24 hours before the slot starts: a full refund;
 * - between 24 hours and 2 hours before the start (both ends included): a 50% refund;
 * - less than 2 hours before the start, or a no-show: no refund.
 * A creator cancelling (or not showing up) always refunds in full (refundSlotBookingsInFull).
 */
export const FULL_REFUND_BEFORE_MS = 24 * 60 * 60_000;
export const PARTIAL_REFUND_BEFORE_MS = 2 * 60 * 60_000;
/** The partial tier's share, in percent. */
export const PARTIAL_REFUND_PERCENT = 50;

export type RefundTier = "full" | "partial" | "none";

export function refundTier(startsAt: Date, now: Date): RefundTier {
  const before = startsAt.getTime() - now.getTime();
  if (before > FULL_REFUND_BEFORE_MS) return "full";
  if (before >= PARTIAL_REFUND_BEFORE_MS) return "partial";
  return "none";
}

/**
 * The refund of a tier for an order that paid `paidMinor` and was refunded `alreadyRefundedMinor` before,
 * in minor units. The one rounding of the partial tier happens here, in the fan's favour (up to the minor
 * unit), and a refund never exceeds what is left to refund.
 */
export function refundFor(tier: RefundTier, paidMinor: number, alreadyRefundedMinor = 0): number {
  const left = Math.max(0, paidMinor - alreadyRefundedMinor);
  const due =
    tier === "full" ? paidMinor : tier === "partial" ? Math.ceil((paidMinor * PARTIAL_REFUND_PERCENT) / 100) : 0;
  return Math.min(due, left);
}

/**
 * Where a fan's own cancellation refund goes, as the policy page says: to the wallet, instantly (the default), or,
 * for a booking paid by card, back to that card in 5–10 days. A booking paid from the wallet refunds to the wallet.
 */
export const REFUND_DESTINATIONS = ["wallet", "card"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const DEFAULT_REFUND_DESTINATION: RefundDestination = "wallet";

/** The destinations a booking paid this way may refund to. */
export function refundDestinations(paymentMethod: "card" | "wallet"): readonly RefundDestination[] {
  return paymentMethod === "card" ? REFUND_DESTINATIONS : ["wallet"];
}

/** The choice in words (policy page, cancel dialog and page, cancellation email). */
export const REFUND_CHOICE_TEXT = "to your wallet, instantly, or to your card in 5–10 days";
export const REFUND_DESTINATION_LABELS: Record<RefundDestination, string> = {
  wallet: "To my Noobrd wallet, instantly",
  card: "To my card, in 5–10 days",
};
