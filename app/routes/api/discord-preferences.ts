import { discordApiSchema } from "~/features/notifications";
import { getDiscordPreferences, setDiscordPreferences } from "~/features/notifications/index.server";
import { jsonAction, jsonLoader } from "./_lib/json-action.server";

/** GET /api/get-discord-notifications-preferences: the viewer's own four flags (defaults when never saved). */
export const loader = jsonLoader({ auth: true }, async ({ env, viewer }) => ({
  data: await getDiscordPreferences(env, viewer),
}));

/** POST /api/set-discord-notifications-preferences: any of the four flags ('Error while updating discord notifications'). */
export const action = jsonAction({ auth: true, schema: discordApiSchema }, async ({ env, input, viewer }) => {
  const saved = await setDiscordPreferences(
    env,
    viewer,
    Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  );
  return { data: saved, message: "Discord notifications updated" };
});
