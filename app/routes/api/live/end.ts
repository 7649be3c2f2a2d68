import { sendLiveCommand } from "~/features/live/index.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/liveSession/end/:id: ends the session (its streamer only), with an outcome for every fan still in it;
 * unserved VIP places are refunded once.
 */
export const action = jsonAction({ auth: true }, async ({ env, params, viewer }) => {
  const outcome = await sendLiveCommand(env, params.id ?? "", { type: "end", viewer });
  return { refunded: outcome.refunded ?? 0 };
});
