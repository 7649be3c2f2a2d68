import { createPayout } from "~/features/payouts/admin-payouts.server";
import { createPayoutSchema } from "~/features/payouts/admin-schema";
import { PAYOUT_MESSAGES } from "~/features/payouts/messages";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/create-payout {influencerId, startTime, endTime, mergedOrders, ...percentages} */
export const action = jsonAction(
  { schema: createPayoutSchema, auth: true, staff: "payouts" },
  async ({ env, viewer, input }) => {
    const payout = await createPayout(env, viewer, input);
    return { message: PAYOUT_MESSAGES.created, payoutId: payout.id, payout };
  },
);
