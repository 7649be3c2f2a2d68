import type { BookingStatus, OrderStatus } from "~db/schema";

/*
 * An order's status in words: the one wording of the fan's orders (booking) and the streamer's (streamer), kept
 * with the seats both read, so neither side's list reaches into the other's feature.
 */

const ORDER_STATUS_TEXTS = [
  "awaiting payment",
  "paid",
  "confirmed",
  "refunded",
  "partially refunded",
  "cancelled",
  "refund pending",
] as const;
export type OrderStatusText = (typeof ORDER_STATUS_TEXTS)[number];

/**
 * An order's status in plain words, from the order, its booking and any refund still owed: a refund owed first
 * ("refund pending"), then money states (refunded, partially refunded), then what happened to the seat (a paid order whose booking was cancelled with no refund is
 * "cancelled"; one whose booking is confirmed or played is "confirmed").
 */
export function orderStatusText(
  order: OrderStatus,
  booking: BookingStatus | null,
  refundOwedMinor: number | null = null,
): OrderStatusText {
  // A refund owed and not yet carried out (app/features/wallet/refunds.server.ts) says so to both sides.
  if (refundOwedMinor !== null && refundOwedMinor > 0) return "refund pending";
  switch (order) {
    case "pending_payment":
      // The hold ran out (abandoned or declined checkout) before the sweeper cancelled the order: say so now.
      return booking === "expired" ? "cancelled" : "awaiting payment";
    case "refunded":
      return "refunded";
    case "partially_refunded":
      return "partially refunded";
    case "cancelled":
      return "cancelled";
    case "paid":
      if (booking === "cancelled" || booking === "no_show") return "cancelled";
      if (booking === "confirmed" || booking === "completed") return "confirmed";
      return "paid";
  }
}
