import { payoutOrderJson, periodSchema } from "~/features/payouts";
import { remainingOrders } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/admin/remaining-orders/:influencerId?startTime&endTime and
 * POST /api/admin/generate-remaining-orders/:influencerId {startTime, endTime}: the payable orders of the
 * period (validated, paid, unrefunded, in no payout), and per currency (`payouts`) the payout of all its orders
 * that create-payout would make, with its totals. `totals` is that payout's when the orders share one currency
 * (null when they do not: amounts of different currencies are never added).
 */
const handler = jsonAction(
  { schema: periodSchema, auth: true, staff: "payouts", methods: ["GET", "POST"] },
  async ({ env, viewer, params, input }) => {
    const result = await remainingOrders(env, viewer, params.influencerId ?? "", input);
    return {
      orders: result.orders.map(payoutOrderJson),
      platformFeesPercentage: result.rates.platformFeeBps / 100,
      platformFeesIndirectTaxPercentage: result.rates.platformFeeIndirectTaxBps / 100,
      indirectTaxPercentage: result.rates.indirectTaxBps / 100,
      tdsPercentage: result.rates.tdsBps / 100,
      totals: result.byCurrency.length === 1 ? (result.byCurrency[0]?.totals ?? null) : null,
      payouts: result.byCurrency.map((group) => ({
        currency: group.currency,
        mergedOrders: group.orders.map((order) => order.id),
        totals: group.totals,
      })),
    };
  },
);
export const loader = handler;
export const action = handler;
