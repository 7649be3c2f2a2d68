import { PAYOUT_COPY, validationOrdersSchema } from "~/features/payouts";
import { markOrdersPlayed } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/influencer-played-validation/:id {orderIdArray}: the streamer played these sessions. */
export const action = jsonAction(
  { schema: validationOrdersSchema, auth: true, staff: "validations" },
  async ({ env, viewer, params, input }) => {
    const result = await markOrdersPlayed(env, viewer, params.id ?? "", input.orderIdArray);
    return { message: PAYOUT_COPY.validated, ...result };
  },
);
