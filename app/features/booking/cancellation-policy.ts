import type { BookingStatus } from "~db/schema";

/**
 * The Cancellation Policy, the one place that says who may cancel a booking, until when, and with what refund
 * (`cancellationTerms`). The use cases (the buyer's `cancelBooking`, the streamer's slot cancellation, staff's removal
 * of a streamer), their SQL guards, the order's Cancel button and the cancel dialog's words all read it:
 * - only a confirmed booking is cancelled, and not while it awaits its fan's answer to the streamer's offer of another
 *   time (that answer decides it: "A move offered by the streamer");
 * - its buyer may cancel it until the slot starts: more than 24 hours before the start a full refund, between 24 hours
 *   and 2 hours before the start (both ends included) a 50% refund, later nothing;
 * - its slot's streamer may cancel the slot at any time while it is open, and staff may cancel it (removing its
 *   streamer) until it starts: the buyer is refunded in full.
 * The site's Cancellation Policy page (seeded in scripts/seed/data/pages.ts, "If you cancel") says the same. This module
 * is safe in the browser; its SQL twin, the guard of the use cases' conditional writes, is in
 * `cancellation-policy.server.ts`; cancellation-policy.test.ts holds the two equal.
 */
export const FULL_REFUND_BEFORE_MS = 24 * 60 * 60_000;
export const PARTIAL_REFUND_BEFORE_MS = 2 * 60 * 60_000;
/** The partial tier's share, in percent. */
export const PARTIAL_REFUND_PERCENT = 50;

/**
 * The last instant at which the buyer's own cancellation still refunds in full: the full tier holds while the start
 * is more than `FULL_REFUND_BEFORE_MS` away, so "cancel before this" (what the confirmation email tells the fan).
 */
export function fullRefundDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - FULL_REFUND_BEFORE_MS);
}

/** The last instant at which the buyer's own cancellation still refunds part (`PARTIAL_REFUND_PERCENT`). */
export function partialRefundDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - PARTIAL_REFUND_BEFORE_MS);
}

/** The only booking status a cancellation changes (held bookings expire or are released; played ones are done). */
export const CANCELLABLE_BOOKING_STATUS = "confirmed" satisfies BookingStatus;

/**
 * Who cancels: the booking's buyer (their own booking), the slot's streamer (cancelling their slot) or staff
 * (removing the slot's streamer). The use case of each checks that the viewer is that party.
 */
export type Canceller = "buyer" | "streamer" | "staff";

/** How long before the slot's start each party may still cancel (null: at any time while the slot is open). */
const CANCEL_UNTIL_BEFORE_START_MS: Record<Canceller, number | null> = { buyer: 0, streamer: null, staff: 0 };

export type RefundTier = "full" | "partial" | "none";

/** A slot cancelled by its streamer or by staff refunds its buyers in full, whenever it happens. */
export const SLOT_CANCELLATION_TIER: RefundTier = "full";

/** The buyer's refund tier when cancelling at `now` a booking of a slot starting at `startsAt`. */
export function refundTier(startsAt: Date, now: Date): RefundTier {
  const before = startsAt.getTime() - now.getTime();
  if (before > FULL_REFUND_BEFORE_MS) return "full";
  if (before >= PARTIAL_REFUND_BEFORE_MS) return "partial";
  return "none";
}

/**
 * The cut-off of a cancellation by `by` at `now`: it holds only for slots starting strictly after the returned time
 * (null: no cut-off). The SQL guard compares with it as a parameter (`starts_at > cutoff`).
 */
export function cancellableStartsAfter(by: Canceller, now: Date): Date | null {
  const until = CANCEL_UNTIL_BEFORE_START_MS[by];
  return until === null ? null : new Date(now.getTime() + until);
}

export type CancellationTerms =
  | { allowed: true; tier: RefundTier }
  | { allowed: false; reason: "awaiting_move" | "not_confirmed" | "too_late" };

/** A booking as the policy sees it: its state, its slot's start, and whether a move offer awaits its fan's answer. */
export type CancellableBooking = { status: BookingStatus | null; startsAt: Date | null; awaitingMove: boolean };

/**
 * Whether `by` may cancel, at `now`, a booking in `status` of a slot starting at `startsAt`, and with what refund:
 * the buyer by the tiers, the streamer and staff always in full. Nobody cancels a booking awaiting its fan's answer to
 * a move offer. Its SQL twin is `cancellableBookingSql` (cancellation-policy.server.ts).
 */
export function cancellationTerms(by: Canceller, booking: CancellableBooking, now: Date): CancellationTerms {
  if (booking.awaitingMove) return { allowed: false, reason: "awaiting_move" };
  if (booking.status !== CANCELLABLE_BOOKING_STATUS || !booking.startsAt) {
    return { allowed: false, reason: "not_confirmed" };
  }
  const startsAfter = cancellableStartsAfter(by, now);
  if (startsAfter && booking.startsAt.getTime() <= startsAfter.getTime()) return { allowed: false, reason: "too_late" };
  return { allowed: true, tier: by === "buyer" ? refundTier(booking.startsAt, now) : SLOT_CANCELLATION_TIER };
}

/** A duration of the policy in words ("24 hours"). */
function inHours(ms: number): string {
  const hours = ms / 3_600_000;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/**
 * What cancelling in a tier means, in words (the cancel dialog and page), from the policy's constants: `refund` is the
 * formatted amount and `where` where it goes (" to your wallet").
 */
export function refundTierText(tier: RefundTier, refund: string, where: string): string {
  if (tier === "full") return `You get a full refund of ${refund}${where}.`;
  if (tier === "partial") {
    return `The session starts within ${inHours(FULL_REFUND_BEFORE_MS)}: you get a ${PARTIAL_REFUND_PERCENT}% refund of ${refund}${where}.`;
  }
  return `The session starts in less than ${inHours(PARTIAL_REFUND_BEFORE_MS)}: there is no refund.`;
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
