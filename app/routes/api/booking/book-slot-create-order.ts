import { jsonError } from "~/platform/http.server";
import { purchaseAction } from "../_lib/booking-api.server";

/**
 * POST /api/book-slot/create-order {timeSlot, numberOfPlayers, multipleGamerTags, promoCode?, paymentMethod?}:
 * holds the seats and answers the order, with the Checkout URL for a card payment.
 */
export const action = purchaseAction("from-body");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
