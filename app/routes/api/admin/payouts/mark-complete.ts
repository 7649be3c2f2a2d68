import { PAYOUT_COPY, payoutIdsSchema } from "~/features/payouts";
import { completePayouts } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/admin/mark-payout-complete {payoutIds}: active -> completed, all or none, through the same use case as
 * the staff page; each statement's outcome is listed (a failed one is generated again by
 * POST /api/generate/execelsheet/:payoutId, the payout stays completed).
 */
export const action = jsonAction(
  { schema: payoutIdsSchema, auth: true, staff: "payouts" },
  async ({ env, viewer, input }) => {
    const { spreadsheets } = await completePayouts(env, viewer, input.payoutIds);
    return { message: PAYOUT_COPY.completed, spreadsheets };
  },
);
