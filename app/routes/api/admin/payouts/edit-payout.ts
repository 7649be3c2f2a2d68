import { editPayoutSchema, PAYOUT_COPY } from "~/features/payouts";
import { editPayout } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/edit-payout {editingPayoutId, newMergedOrders, ...percentages}: a draft's orders in and out. */
export const action = jsonAction(
  { schema: editPayoutSchema, auth: true, staff: "payouts" },
  async ({ env, viewer, input }) => {
    const payout = await editPayout(env, viewer, input);
    return { message: PAYOUT_COPY.updated, payout };
  },
);
