import { influencerListSchema } from "~/features/staff-streamers";
import { getInfluencerForStaff, listInfluencersForStaff } from "~/features/staff-streamers/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/admin/influencers (page, limit, sort, search) and /api/get/admin/influencer/:id */
export const loader = jsonLoader(
  { schema: influencerListSchema, auth: true, staff: "influencers" },
  async ({ env, viewer, params, input }) =>
    params.id ? getInfluencerForStaff(env, viewer, params.id) : listInfluencersForStaff(env, viewer, input),
);
