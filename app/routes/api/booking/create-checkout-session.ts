import { jsonError } from "~/platform/http.server";
import { purchaseAction } from "../_lib/booking-api.server";

/** POST /api/create-checkout-session: a card purchase; answers the Checkout session `id` and `url`. */
export const action = purchaseAction("card", (placed) => ({
  id: placed.sessionId,
  url: placed.checkoutUrl,
  orderId: placed.orderId,
  status: placed.status,
  amountMinor: placed.amountMinor,
  discountMinor: placed.discountMinor,
}));

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
