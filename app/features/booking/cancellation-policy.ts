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
