import { sendLiveCommand } from "~/features/live/index.server";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/liveSession/end/:id: ends the session (its streamer only); unserved VIP places are refunded once. */
export const action = jsonAction({ auth: true }, async ({ env, params, viewer }) => {
  const outcome = await sendLiveCommand(env, params.id ?? "", { type: "end", viewer });
  return { stillPlaying: outcome.stillPlaying ?? 0, refunded: outcome.refunded ?? 0 };
});
