import { platformFeeSchema, STAFF_STREAMER_COPY } from "~/features/staff-streamers";
import { getPlatformFee, setPlatformFee } from "~/features/staff-streamers/index.server";
import { jsonAction, jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/influencers/:id/platform-fees */
export const loader = jsonLoader({ auth: true, staff: "platformFees" }, async ({ env, viewer, params }) =>
  getPlatformFee(env, viewer, params.id ?? ""),
);

/** POST /api/post/admin/influencers/:id/platform-fees {fees_percentage} */
export const action = jsonAction(
  { schema: platformFeeSchema, auth: true, staff: "platformFees" },
  async ({ env, viewer, params, input }) => ({
    message: STAFF_STREAMER_COPY.feeSaved,
    ...(await setPlatformFee(env, viewer, params.id ?? "", input.fees_percentage)),
  }),
);
