import { getStreamerProfile, streamerProfileJson } from "~/features/streamer/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/influencer/:id (the streamer's own profile, or staff handling influencers) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  return { influencer: streamerProfileJson(await getStreamerProfile(env, viewer, params.id ?? "")) };
});
