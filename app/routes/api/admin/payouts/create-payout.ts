import { createPayoutSchema, PAYOUT_COPY } from "~/features/payouts";
import { createPayout } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/admin/create-payout {influencerId, startTime, endTime, mergedOrders, ...percentages}: one draft payout
 * per currency among the orders (the staff screen's use case). `payoutId` and `payout` are the first (the only one
 * when the orders share a currency); `payoutIds` and `payouts` list every payout made.
 */
export const action = jsonAction(
  { schema: createPayoutSchema, auth: true, staff: "payouts" },
  async ({ env, viewer, input }) => {
    const { payouts } = await createPayout(env, viewer, input);
    return {
      message: PAYOUT_COPY.created,
      payoutId: payouts[0]?.id,
      payout: payouts[0],
      payoutIds: payouts.map((payout) => payout.id),
      payouts,
    };
  },
);
