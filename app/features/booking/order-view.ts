import type { BookingStatus } from "~db/schema";
import { type CancellableBooking, cancellationTerms } from "./cancellation-policy";

/** How long before the start a slot's lobby code shows to its confirmed buyers ("near"), and until its end. */
export const LOBBY_CODE_VISIBLE_BEFORE_MS = 30 * 60_000;

/** The fan's order list page size (docs/domain.md: orders 10) and the monthly list's (monthly orders 15). */
export const ORDERS_PAGE_SIZE = 10;
export const MONTHLY_ORDERS_PAGE_SIZE = 15;
export const MAX_ORDERS_PAGE_SIZE = 50;

/** The lobby code of a slot shows from LOBBY_CODE_VISIBLE_BEFORE_MS before its start until its end. */
export function lobbyCodeVisible(startsAt: Date, endsAt: Date, now: Date): boolean {
  const t = now.getTime();
  return t >= startsAt.getTime() - LOBBY_CODE_VISIBLE_BEFORE_MS && t < endsAt.getTime();
}

/** Gamer tags can be changed until the slot starts, on a booking that is held or confirmed. */
export function gamerTagsEditable(bookingStatus: BookingStatus | null, startsAt: Date | null, now: Date): boolean {
  return (
    (bookingStatus === "held" || bookingStatus === "confirmed") && !!startsAt && startsAt.getTime() > now.getTime()
  );
}

/**
 * The order's Cancel button: whether its buyer may cancel the booking now, by the policy (cancellation-policy.ts),
 * which refuses while a move offer awaits their answer.
 */
export function bookingCancellable(booking: CancellableBooking, now: Date): boolean {
  return cancellationTerms("buyer", booking, now).allowed;
}

export function invoicePath(orderId: string): string {
  return `/api/get/user_order/invoice/${encodeURIComponent(orderId)}`;
}

/** The sections of the fan's orders page, in order, and their headings. */
export const ORDER_SECTIONS = ["upcoming", "past", "cancelled", "unpaid"] as const;
export type OrderSection = (typeof ORDER_SECTIONS)[number];
export const ORDER_SECTION_TITLES: Record<OrderSection, string> = {
  upcoming: "Upcoming",
  past: "Past",
  cancelled: "Cancelled",
  unpaid: "Checkout not completed",
};
