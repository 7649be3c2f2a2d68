import { PAYOUT_COPY, payoutIdSchema } from "~/features/payouts";
import { activatePayout, removePayout } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/remove-payout {payoutId} (a draft) and /api/admin/activate-payout {payoutId} (draft -> active). */
export const action = jsonAction(
  { schema: payoutIdSchema, auth: true, staff: "payouts" },
  async ({ request, env, viewer, input }) => {
    if (new URL(request.url).pathname.endsWith("/activate-payout")) {
      await activatePayout(env, viewer, input.payoutId);
      return { message: PAYOUT_COPY.activated };
    }
    await removePayout(env, viewer, input.payoutId);
    return { message: PAYOUT_COPY.removed };
  },
);
