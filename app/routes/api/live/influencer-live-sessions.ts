import { streamerLiveSessions } from "~/features/live/index.server";
import { jsonLoader } from "../_lib/json-action.server";

/** GET /api/get/influencer/liveSessions: the streamer's own sessions, newest first. */
export const loader = jsonLoader({ auth: true }, async ({ env, viewer }) => ({
  data: await streamerLiveSessions(env, viewer),
}));
