import type { BookingStatus } from "~db/schema";

/**
 * The streamer no-show rule, the one place that says when a booked slot whose streamer never pressed "Start session"
 * is refunded:
 * - from `START_WINDOW_BEFORE_MS` before the start until its end or the no-show deadline (whichever is first), the
 *   streamer may start it (which shares the lobby code with its fans);
 * - `NO_SHOW_OFFER_AFTER_MS` (15 minutes) after the start, not started: each fan of a confirmed booking is offered a
 *   full refund, one tap, to the wallet (or to the card it was paid with, when they choose it);
 * - `NO_SHOW_AUTO_AFTER_MS` (60 minutes) after the start, not started: the cron marks the slot a streamer no-show,
 *   refunds every booking still confirmed in full (an owed refund, to the wallet), releases its unpaid holds and tells
 *   the streamer.
 * A fan who did not show up is not covered: their booking stays under the cancellation policy.
 */
export const START_WINDOW_BEFORE_MS = 30 * 60_000;
export const NO_SHOW_OFFER_AFTER_MS = 15 * 60_000;
export const NO_SHOW_AUTO_AFTER_MS = 60 * 60_000;
/** How far back the cron looks for a slot to mark a no-show (older ones were seen by earlier runs). */
export const NO_SHOW_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

export type SlotStart = {
  startsAt: Date;
  endsAt: Date;
  startedAt: Date | null;
  noShowAt: Date | null;
  status: "open" | "cancelled";
};

/** The last instant (exclusive) a slot can be started: its end, or the no-show deadline if that comes first. */
function startDeadline(slot: { startsAt: Date; endsAt: Date }): Date {
  return new Date(Math.min(slot.endsAt.getTime(), slot.startsAt.getTime() + NO_SHOW_AUTO_AFTER_MS));
}

/** Whether the streamer may press "Start session" on the slot at `now`. */
export function canStartSlot(slot: SlotStart, now: Date): boolean {
  return (
    slot.status === "open" &&
    slot.startedAt === null &&
    slot.noShowAt === null &&
    now.getTime() >= slot.startsAt.getTime() - START_WINDOW_BEFORE_MS &&
    now.getTime() < startDeadline(slot).getTime()
  );
}

/** The earliest instant at which a fan of a slot starting at `startsAt` is offered a no-show refund. */
function noShowOfferFrom(startsAt: Date): Date {
  return new Date(startsAt.getTime() + NO_SHOW_OFFER_AFTER_MS);
}

/** Whether the fan of a booking in `bookingStatus` is offered the no-show refund at `now`. */
export function noShowRefundOffered(slot: SlotStart, bookingStatus: BookingStatus, now: Date): boolean {
  return (
    bookingStatus === "confirmed" &&
    slot.status === "open" &&
    slot.startedAt === null &&
    slot.noShowAt === null &&
    now.getTime() >= noShowOfferFrom(slot.startsAt).getTime()
  );
}

/**
 * Whether the cron tells the fan of a booking in `bookingStatus` at `now` that the one-tap refund is there: offered
 * (`noShowRefundOffered`) and the slot not yet past the no-show deadline, when the cron refunds it instead.
 */
export function noShowOfferDue(slot: SlotStart, bookingStatus: BookingStatus, now: Date): boolean {
  return (
    noShowRefundOffered(slot, bookingStatus, now) && slot.startsAt.getTime() > now.getTime() - NO_SHOW_AUTO_AFTER_MS
  );
}

/** A fan's booking of a slot, as the no-show sweep reads it. */
export type SlotFan = { status: BookingStatus; cancelledAt: Date | null };

/**
 * Whether the cron marks the slot a streamer no-show at `now`: open, neither started nor a no-show, `NO_SHOW_AUTO_AFTER_MS`
 * or more after its start (within `NO_SHOW_LOOKBACK_MS`), and it had fans: a booking still confirmed, or one its fan
 * had refunded by the no-show tap (cancelled at or after the start: a fan's own cancellation ends at the start, and a
 * streamer's cancellation closes the slot).
 */
export function streamerNoShowDue(slot: SlotStart, fans: readonly SlotFan[], now: Date): boolean {
  const start = slot.startsAt.getTime();
  const at = now.getTime();
  return (
    slot.status === "open" &&
    slot.startedAt === null &&
    slot.noShowAt === null &&
    start <= at - NO_SHOW_AUTO_AFTER_MS &&
    start > at - NO_SHOW_LOOKBACK_MS &&
    fans.some(
      (fan) =>
        fan.status === "confirmed" ||
        (fan.status === "cancelled" && fan.cancelledAt !== null && fan.cancelledAt.getTime() >= start),
    )
  );
}

/** The words of the offer on the fan's order. */
export const NO_SHOW_OFFER_TEXT = "The streamer hasn't started.";
export const NO_SHOW_OFFER_BUTTON = "Get a full refund";
