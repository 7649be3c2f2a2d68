import { jsonError } from "~/platform/http.server";
import { purchaseAction } from "../_lib/booking-api.server";

/** POST /api/create/order: pays from the wallet (one conditional write with the booking). */
export const action = purchaseAction("wallet");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
