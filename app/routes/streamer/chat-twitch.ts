import { data } from "react-router";
import { CHAT_COPY } from "~/features/chat";
import { connectTwitchChannel } from "~/features/chat/index.server";
import { z } from "~/lib/zod";
import { envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { TWITCH_CONNECT_SCOPES } from "~/platform/twitch/oauth.server";
import { settle } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import { clearTwitchState, finishTwitchOAuth, startTwitchOAuth } from "~/routes/_lib/twitch-oauth.server";
import type { Route } from "./+types/chat-twitch";

const CALLBACK = "/influencer/chat/twitch/callback";

/**
 * POST /influencer/chat/twitch starts the streamer's Twitch connection (OAuth with the scopes EventSub chat needs);
 * GET /influencer/chat/twitch/callback finishes it: the channel subscribed and connected, back to the Chat page.
 */
export const action = pageAction({
  guard: streamerOnly,
  intents: {
    connect: {
      schema: z.object({}),
      run: (_, { request, env }) =>
        startTwitchOAuth(request, env, { callbackPath: CALLBACK, scopes: TWITCH_CONNECT_SCOPES }),
      success: (started: Response | null) =>
        started ?? { to: "/influencer/chat", message: CHAT_COPY.twitchUnavailable, kind: "error" as const },
    },
  },
  otherwise: "connect",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  if (new URL(request.url).pathname !== CALLBACK) throw data("Not found", { status: 404 });
  const headers = { "Set-Cookie": await clearTwitchState(env) };
  const back = await finishTwitchOAuth(request, env, CALLBACK);
  if (!back.ok) return redirectWithToast(env, "/influencer/chat", { kind: "error", message: back.message }, headers);
  const done = await settle(() =>
    connectTwitchChannel(
      env,
      viewer,
      { broadcasterId: back.user.id, login: back.user.login },
      publicOrigin(request, env),
    ),
  );
  if (!done.ok)
    return redirectWithToast(env, "/influencer/chat", { kind: "error", message: done.error.message }, headers);
  return redirectWithToast(env, "/influencer/chat", { kind: "success", message: CHAT_COPY.twitchConnected }, headers);
}
