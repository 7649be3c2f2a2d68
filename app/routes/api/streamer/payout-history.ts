import { payoutHistory, payoutHistoryQuerySchema } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/influencer/payout-history[/:id]?page&limit&sort (10 a page, created_desc; the viewer's own without :id) */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: payoutHistoryQuerySchema },
  async ({ input, env, params, viewer }) => {
    const query = input;
    const result = await payoutHistory(env, viewer, params.id ?? viewer.id, query);
    return {
      ...result,
      payouts: result.payouts.map((p) => ({
        _id: p.id,
        status: p.status,
        startTime: p.periodStart.toISOString(),
        endTime: p.periodEnd.toISOString(),
        mergedOrders: p.orders,
        currency: p.currency,
        gross: p.grossMinor,
        platformFeesPercentage: p.platformFeeBps / 100,
        platformFees: p.platformFeeMinor,
        platformFeesIndirectTaxPercentage: p.platformFeeIndirectTaxBps / 100,
        platformFeesIndirectTax: p.platformFeeIndirectTaxMinor,
        indirectTaxPercentage: p.indirectTaxBps / 100,
        indirectTax: p.indirectTaxMinor,
        tdsPercentage: p.tdsBps / 100,
        tds: p.tdsMinor,
        net: p.netMinor,
        completedAt: p.completedAt?.toISOString() ?? null,
        createdAt: p.createdAt.toISOString(),
      })),
    };
  },
);
