import { confirmCheckout } from "~/features/payments/index.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/update/order/sucess/:sessionId (sic, docs/domain.md): the success redirect's door into
 * fulfilment. Idempotent; the buyer only.
 */
export const action = jsonAction({ auth: true }, async ({ env, params, viewer }) => {
  const { outcome, order } = await confirmCheckout(env, viewer, params.sessionId ?? "");
  return { outcome, orderId: order.id, status: order.status };
});

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
