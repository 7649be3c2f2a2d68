import { payoutJson } from "~/features/payouts";
import { payoutHistory, payoutHistoryQuerySchema } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/influencer/payout-history[/:id]?page&limit&sort (10 a page, created_desc; the viewer's own without :id) */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: payoutHistoryQuerySchema },
  async ({ input, env, params, viewer }) => {
    const result = await payoutHistory(env, viewer, params.id ?? viewer.id, input);
    // The one payout JSON (payouts/json.ts), as staff's payout history answers it.
    return { ...result, payouts: result.payouts.map(payoutJson) };
  },
);
