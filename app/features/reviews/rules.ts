import type { BookingStatus, OrderStatus } from "~db/schema";
import { REVIEW_EDIT_WINDOW_MS } from "./constants";

/**
 * Who may review what, as pure rules (docs/domain.md, "Review"), shared by the use cases and the pages that offer
 * the form. The write itself checks the same conditions in its statement (reviews.server.ts).
 */

/** A booking whose session a fan may review: played (its slot has ended), its order paid and not refunded. */
export type ReviewableFacts = {
  orderStatus: OrderStatus;
  bookingStatus: BookingStatus | null;
  endsAt: Date | string | null;
};

/** Booking states of a session that happened for the fan (confirmed, or validated by staff as played). */
export const REVIEWABLE_BOOKING_STATUSES = ["confirmed", "completed"] as const satisfies readonly BookingStatus[];

export function hasBeenPlayed(facts: ReviewableFacts, now: Date): boolean {
  return facts.endsAt !== null && new Date(facts.endsAt).getTime() <= now.getTime();
}

export function isReviewable(facts: ReviewableFacts, now: Date): boolean {
  return (
    facts.orderStatus === "paid" &&
    facts.bookingStatus !== null &&
    (REVIEWABLE_BOOKING_STATUSES as readonly string[]).includes(facts.bookingStatus) &&
    hasBeenPlayed(facts, now)
  );
}

/** A review may be changed by its author until REVIEW_EDIT_DAYS after it was written. */
export function editableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + REVIEW_EDIT_WINDOW_MS);
}

export function isEditable(createdAt: Date | string, now: Date): boolean {
  return now.getTime() < editableUntil(createdAt).getTime();
}

/** The average of `count` ratings summing to `total`, to one decimal; null with none. */
export function averageRating(total: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((total / count) * 10) / 10;
}
