import { liveDetailsSchema } from "~/features/live";
import { sendLiveCommand } from "~/features/live/index.server";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/post/influencer/updateLiveSession {liveSessionId, title, description, requirements, session_tags}. */
export const action = jsonAction({ auth: true, schema: liveDetailsSchema }, async ({ env, input, viewer }) => {
  const { liveSessionId, ...details } = input;
  await sendLiveCommand(env, liveSessionId, { type: "details", viewer, ...details });
  return { message: "Live session updated" };
});
