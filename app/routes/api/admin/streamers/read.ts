import { streamerListSchema } from "~/features/staff-streamers";
import { getStreamerForStaff, listStreamersForStaff } from "~/features/staff-streamers/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/admin/influencers (page, limit, sort, search) and /api/get/admin/influencer/:id */
export const loader = jsonLoader(
  { schema: streamerListSchema, auth: true, staff: "influencers" },
  async ({ env, viewer, params, input }) =>
    params.id ? getStreamerForStaff(env, viewer, params.id) : listStreamersForStaff(env, viewer, input),
);
