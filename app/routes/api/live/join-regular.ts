import { sendLiveCommand } from "~/features/live/coordinator.server";
import { joinedPlace } from "~/features/live/reads.server";
import { sessionIdSchema } from "~/features/live/schema";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/join_regular {liveSessionId}: joins the free regular lane (through the session's object). */
export const action = jsonAction({ auth: true, schema: sessionIdSchema }, async ({ env, input, viewer }) => {
  await sendLiveCommand(env, input.liveSessionId, { type: "joinRegular", viewer });
  return { data: await joinedPlace(env, input.liveSessionId, viewer.id) };
});
