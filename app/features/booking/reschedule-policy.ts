import type { BookingStatus } from "~db/schema";
import { CANCELLABLE_BOOKING_STATUS, FULL_REFUND_BEFORE_MS } from "./cancellation-policy";

/**
 * Who may move a booking to another time, and until when (one place, read by the use case, the order's "Change time"
 * link and the page's words; its SQL twin, the guard of the move's conditional write, is in
 * `reschedule-policy.server.ts`, and reschedule-policy.test.ts holds the two equal):
 * - only the buyer, and only a confirmed booking, not while it awaits their answer to the streamer's offer of another
 *   time (that answer decides it: "A move offered by the streamer");
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

/** A booking as the policy sees it: its buyer, state, slot's start, and whether a move offer awaits the buyer. */
export type ReschedulableBooking = {
  userId: string;
  status: BookingStatus | null;
  startsAt: Date | null;
  awaitingMove: boolean;
};

export type RescheduleTerms =
  | { allowed: true }
  | { allowed: false; reason: "not_buyer" | "awaiting_move" | "not_confirmed" | "too_late" };

/** Whether `moverId` may move the booking at `now`, and if not why. Its SQL twin is `reschedulableBookingSql`. */
export function rescheduleTerms(booking: ReschedulableBooking, moverId: string, now: Date): RescheduleTerms {
  if (booking.userId !== moverId) return { allowed: false, reason: "not_buyer" };
  if (booking.awaitingMove) return { allowed: false, reason: "awaiting_move" };
  if (booking.status !== CANCELLABLE_BOOKING_STATUS || booking.startsAt === null) {
    return { allowed: false, reason: "not_confirmed" };
  }
  if (booking.startsAt.getTime() - now.getTime() <= RESCHEDULE_BEFORE_MS) return { allowed: false, reason: "too_late" };
  return { allowed: true };
}

/** Whether `moverId` may move the booking at `now` (the order's "Change time" link). */
export function reschedulable(booking: ReschedulableBooking, moverId: string, now: Date): boolean {
  return rescheduleTerms(booking, moverId, now).allowed;
}
