import { remainingOrders } from "~/features/payouts/admin-payouts.server";
import { periodSchema } from "~/features/payouts/admin-schema";
import { payoutOrderJson } from "~/features/payouts/json";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/admin/remaining-orders/:influencerId?startTime&endTime and
 * POST /api/admin/generate-remaining-orders/:influencerId {startTime, endTime}: the payable orders of the
 * period (validated, paid, unrefunded, in no payout) and the totals a payout of all of them would have.
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
      totals: result.totals,
    };
  },
);
export const loader = handler;
export const action = handler;
