import type { BookingStatus } from "~db/schema";
import { CANCELLABLE_BOOKING_STATUS, FULL_REFUND_BEFORE_MS } from "./cancellation-policy";

/**
 * Who may move a booking to another time, and until when (one place, read by the use case, its SQL guard, the order's
 * "Change time" link and the page's words):
 * - only the buyer, and only a confirmed booking;
 * - up to the free-cancellation deadline: while the booked slot starts more than 24 hours away (the same instant
 *   after which a cancellation no longer refunds in full, cancellation-policy.ts);
 * - to another open slot of the same gig that has not started, with seats free for all of the booking's seats;
 * - nothing is paid again and nothing refunded: the price paid stands.
 */
export const RESCHEDULE_BEFORE_MS = FULL_REFUND_BEFORE_MS;

/** The last instant the booking of a slot starting at `startsAt` may still be moved (exclusive). */
export function rescheduleDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - RESCHEDULE_BEFORE_MS);
}

/** Whether a booking in `status` of a slot starting at `startsAt` may be moved at `now`. */
export function reschedulable(booking: { status: BookingStatus | null; startsAt: Date | null }, now: Date): boolean {
  return (
    booking.status === CANCELLABLE_BOOKING_STATUS &&
    booking.startsAt !== null &&
    booking.startsAt.getTime() - now.getTime() > RESCHEDULE_BEFORE_MS
  );
}
