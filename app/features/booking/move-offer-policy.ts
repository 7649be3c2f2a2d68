/**
 * A move offered by the streamer (one place, read by the use cases, their SQL guards, the cron and the pages):
 * - only the slot's streamer offers, while the slot is open and not started, and only when it has buyers;
 * - the new time is another open slot of the same gig, not started, with seats free for every buyer's seats at once
 *   (held for them until each answers);
 * - the old slot takes no new bookings from the offer on;
 * - each buyer, and only they, answers once: move (the price paid stands) or a full refund to the wallet;
 * - no answer by `moveOfferExpiresAt` (48 hours after the offer, or the old slot's start if sooner): refunded.
 */
const MOVE_OFFER_ANSWER_MS = 48 * 60 * 60_000;

/** When an offer made at `now` for a slot starting at `startsAt` is refunded if its fan has not answered. */
export function moveOfferExpiresAt(startsAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + MOVE_OFFER_ANSWER_MS, startsAt.getTime()));
}

/** The fan's two answers. */
export const MOVE_OFFER_CHOICES = ["move", "refund"] as const;
export type MoveOfferChoice = (typeof MOVE_OFFER_CHOICES)[number];
