import { completePayouts } from "~/features/payouts/admin-payouts.server";
import { payoutIdsSchema } from "~/features/payouts/admin-schema";
import { PAYOUT_MESSAGES } from "~/features/payouts/messages";
import { generatePayoutStatement } from "~/features/payouts/statement.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/admin/mark-payout-complete {payoutIds}: active -> completed, all or none; then each statement is
 * generated (a failure there leaves the payout completed; POST /api/generate/execelsheet/:payoutId retries).
 */
export const action = jsonAction(
  { schema: payoutIdsSchema, auth: true, staff: "payouts" },
  async ({ env, viewer, input }) => {
    const { ids } = await completePayouts(env, viewer, input.payoutIds);
    const spreadsheets = [];
    for (const id of ids) {
      try {
        spreadsheets.push({ payoutId: id, ...(await generatePayoutStatement(env, viewer, id)) });
      } catch (error) {
        console.error("payout statement", id, error);
        spreadsheets.push({ payoutId: id, error: PAYOUT_MESSAGES.completeError });
      }
    }
    return { message: PAYOUT_MESSAGES.completed, spreadsheets };
  },
);
