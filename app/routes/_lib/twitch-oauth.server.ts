import { createCookie, redirect } from "react-router";
import { CHAT_COPY } from "~/features/chat";
import { sessionSecret } from "~/platform/env.server";
import { publicOrigin } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import {
  type TwitchUser,
  twitchAuthorizeUrl,
  twitchOAuthSettings,
  twitchUserFromCode,
} from "~/platform/twitch/oauth.server";

/**
 * The browser's Twitch OAuth round trip, for the streamer's channel connection and the fan's profile link: the start
 * redirects to Twitch's consent with a random state kept in a signed cookie (with the callback it is for); the
 * callback checks it, then exchanges the code for the Twitch user (app/platform/twitch/oauth.server.ts).
 */
const MAX_AGE_S = 10 * 60;

function stateCookie(env: Env) {
  return createCookie("twitch_oauth", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_S,
    secrets: [sessionSecret(env)],
  });
}

/** Redirects to Twitch's consent for `scopes`, coming back to `callbackPath`. */
export async function startTwitchOAuth(
  request: Request,
  env: Env,
  options: { callbackPath: string; scopes: readonly string[] },
): Promise<Response | null> {
  const origin = publicOrigin(request, env);
  const settings = twitchOAuthSettings(env, origin);
  if (!settings) return null;
  const state = crypto.randomUUID();
  const location = twitchAuthorizeUrl(settings, {
    redirectUri: `${origin}${options.callbackPath}`,
    state,
    scopes: options.scopes,
  });
  const cookie = await stateCookie(env).serialize({ state, path: options.callbackPath });
  return redirect(location, { headers: { "Set-Cookie": cookie } });
}

export type TwitchCallback = { ok: true; user: TwitchUser } | { ok: false; message: string };

/** The callback at `callbackPath`: the state checked against the cookie, the code exchanged for the Twitch user. */
export async function finishTwitchOAuth(request: Request, env: Env, callbackPath: string): Promise<TwitchCallback> {
  const url = new URL(request.url);
  const origin = publicOrigin(request, env);
  const settings = twitchOAuthSettings(env, origin);
  if (!settings) return { ok: false, message: CHAT_COPY.twitchUnavailable };
  const kept = (await stateCookie(env).parse(request.headers.get("Cookie"))) as {
    state?: string;
    path?: string;
  } | null;
  const state = url.searchParams.get("state");
  const code = url.searchParams.get("code");
  if (!kept?.state || kept.state !== state || kept.path !== callbackPath || !code)
    return { ok: false, message: CHAT_COPY.twitchCancelled };
  try {
    return { ok: true, user: await twitchUserFromCode(settings, code, `${origin}${callbackPath}`) };
  } catch (error) {
    log.warn("twitch.oauth_failed", { error });
    return { ok: false, message: CHAT_COPY.twitchFailed };
  }
}

/** The Set-Cookie value that drops the state cookie once used. */
export function clearTwitchState(env: Env): Promise<string> {
  return stateCookie(env).serialize("", { maxAge: 0 });
}
