import { botStatusSchema } from "~/features/notifications";
import { setDiscordBotStatus } from "~/features/notifications/index.server";
import { jsonAction } from "../_lib/json-action.server";

/** POST /api/change-discord-bot-status {status}: the streamer's own Discord bot toggle (403 for anyone else). */
export const action = jsonAction({ auth: true, schema: botStatusSchema }, async ({ env, input, viewer }) => ({
  data: await setDiscordBotStatus(env, viewer, input.status),
}));
