import { orderJson } from "~/features/booking";
import { getOrderByCheckoutSession } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/orders_by_stipe_session_id/:id: the order a Checkout session paid (same read policy). */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => ({
  order: orderJson(await getOrderByCheckoutSession(env, viewer, params.id ?? "")),
}));
