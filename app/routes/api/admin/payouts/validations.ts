import { payoutOrderJson } from "~/features/payouts";
import { ordersForValidation } from "~/features/payouts/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/admin/orders-for-validations/:influencerId: paid orders whose session started in the last ~25 days. */
export const loader = jsonLoader({ auth: true, staff: "validations" }, async ({ env, viewer, params }) => {
  const orders = await ordersForValidation(env, viewer, params.influencerId ?? "");
  return { orders: orders.map(payoutOrderJson) };
});
