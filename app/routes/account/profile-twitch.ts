import { data } from "react-router";
import { CHAT_COPY } from "~/features/chat";
import { linkChatIdentity } from "~/features/chat/index.server";
import { z } from "~/lib/zod";
import { envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import { clearTwitchState, finishTwitchOAuth, startTwitchOAuth } from "~/routes/_lib/twitch-oauth.server";
import type { Route } from "./+types/profile-twitch";

const CALLBACK = "/profile/twitch/callback";

/**
 * POST /profile/twitch starts the fan's Twitch link (OAuth, no scope: who they are); GET /profile/twitch/callback
 * links the Twitch identity to the account (linkChatIdentity: their chat places move to it), back to the profile.
 */
export const action = pageAction({
  guard: signedIn,
  intents: {
    connect: {
      schema: z.object({}),
      run: (_, { request, env }) => startTwitchOAuth(request, env, { callbackPath: CALLBACK, scopes: [] }),
      success: (started: Response | null) =>
        started ?? { to: "/profile", message: CHAT_COPY.twitchUnavailable, kind: "error" as const },
    },
  },
  otherwise: "connect",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  if (new URL(request.url).pathname !== CALLBACK) throw data("Not found", { status: 404 });
  const headers = { "Set-Cookie": await clearTwitchState(env) };
  const back = await finishTwitchOAuth(request, env, CALLBACK);
  if (!back.ok) return redirectWithToast(env, "/profile", { kind: "error", message: back.message }, headers);
  const done = await settle(() =>
    linkChatIdentity(env, viewer, {
      platform: "twitch",
      platformUserId: back.user.id,
      displayName: back.user.displayName,
    }),
  );
  if (!done.ok) return redirectWithToast(env, "/profile", { kind: "error", message: done.error.message }, headers);
  return redirectWithToast(env, "/profile", { kind: "success", message: CHAT_COPY.twitchLinked }, headers);
}
