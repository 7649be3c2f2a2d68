import { validationOrdersSchema } from "~/features/payouts/admin-schema";
import { PAYOUT_MESSAGES } from "~/features/payouts/messages";
import { markOrdersPlayed } from "~/features/payouts/validations.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/influencer-played-validation/:id {orderIdArray}: the streamer played these sessions. */
export const action = jsonAction(
  { schema: validationOrdersSchema, auth: true, staff: "validations" },
  async ({ env, viewer, params, input }) => {
    const result = await markOrdersPlayed(env, viewer, params.id ?? "", input.orderIdArray);
    return { message: PAYOUT_MESSAGES.validated, ...result };
  },
);
