import { orderJson } from "~/features/booking";
import { getOrder } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/order_by_orderid/:id (the buyer, the streamer paid, order staff; anyone else 404) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => ({
  order: orderJson(await getOrder(env, viewer, params.id ?? "")),
}));
