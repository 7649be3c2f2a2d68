import { regularJoinSchema } from "~/features/live";
import { joinedPlace, sendLiveCommand } from "~/features/live/index.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/join_regular {liveSessionId, gamertag?}: joins the free regular lane (through the session's object), with
 * the gamer tag given (saved back to the fan's tags) or, without one, their saved tag.
 */
export const action = jsonAction({ auth: true, schema: regularJoinSchema }, async ({ env, input, viewer }) => {
  const joined = await sendLiveCommand(env, input.liveSessionId, {
    type: "joinRegular",
    viewer,
    gamertag: input.gamertag ?? null,
  });
  // The join's own batch read the place; a reply without one (an object of an older deploy) reads it here.
  if (joined.place !== undefined) return { data: { place: joined.place } };
  return { data: await joinedPlace(env, input.liveSessionId, viewer.id) };
});
