import { sessionIdSchema } from "~/features/live";
import { placeOf } from "~/features/live/index.server";
import { notFound } from "~/lib/errors";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/check/vip {liveSessionId}: whether the viewer holds a VIP place in the session, and their place. */
export const action = jsonAction({ auth: true, schema: sessionIdSchema }, async ({ env, input, viewer }) => {
  const state = await placeOf(env, input.liveSessionId, viewer.id);
  if (!state) throw notFound("Live session not found");
  return { isVip: state.place?.lane === "vip", data: state };
});
