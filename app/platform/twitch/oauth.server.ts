import { isProduction } from "../env.server";
import { rawSettings, resolveEndpoint } from "../oauth/providers.server";
import { forgetHelixAppToken, HELIX, helixAppToken } from "./chat.server";
import { eventSubSecret } from "./eventsub.server";

/**
 * Twitch OAuth (authorization code, a confidential client: Twitch takes no PKCE) for two things: a streamer connects
 * their channel (scopes `user:read:chat user:bot channel:bot`, what EventSub `channel.chat.message` needs), and a fan
 * links their Twitch account from the profile (no scope: who they are). The endpoints come from configuration
 * (OAUTH_TWITCH_AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL; Twitch's own when unset), so development and tests run it
 * against the OAuth stand-in (app/platform/stand-ins/oauth/). The client is OAUTH_TWITCH_CLIENT_ID / _SECRET, else
 * the chat bot's TWITCH_CLIENT_ID / TWITCH_CLIENT_SECRET.
 */
export const TWITCH_CONNECT_SCOPES = ["user:read:chat", "user:bot", "channel:bot"];

const REAL = {
  authorize: "https://id.twitch.tv/oauth2/authorize",
  token: "https://id.twitch.tv/oauth2/token",
  userInfo: `${HELIX}/users`,
};

export type TwitchOAuth = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: URL;
  tokenUrl: URL;
  usersUrl: URL;
};

/** Twitch's OAuth settings for a request on `origin`, or null when no client is configured. */
export function twitchOAuthSettings(env: Env, origin: string): TwitchOAuth | null {
  const raw = rawSettings(env, "twitch");
  const clientId = raw.clientId ?? env.TWITCH_CLIENT_ID;
  const clientSecret = raw.clientSecret ?? env.TWITCH_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const production = isProduction(env);
  const authorizeUrl = resolveEndpoint(raw.authorize ?? REAL.authorize, origin, production);
  const tokenUrl = resolveEndpoint(raw.token ?? REAL.token, origin, production);
  const usersUrl = resolveEndpoint(raw.userInfo ?? REAL.userInfo, origin, production);
  if (!authorizeUrl || !tokenUrl || !usersUrl) return null;
  return { clientId, clientSecret, authorizeUrl, tokenUrl, usersUrl };
}

/** Where to send the browser: Twitch's consent for these scopes, back to `redirectUri` with `state`. */
export function twitchAuthorizeUrl(
  settings: TwitchOAuth,
  request: { redirectUri: string; state: string; scopes: readonly string[] },
): string {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("scope", request.scopes.join(" "));
  url.searchParams.set("state", request.state);
  if (request.scopes.length > 0) url.searchParams.set("force_verify", "true");
  return url.toString();
}

export type TwitchUser = { id: string; login: string; displayName: string };

/** The Twitch user who consented: the code exchanged for their token, then Helix "Get Users" with it. */
export async function twitchUserFromCode(
  settings: TwitchOAuth,
  code: string,
  redirectUri: string,
  fetcher: typeof fetch = fetch,
): Promise<TwitchUser> {
  const tokens = await fetcher(settings.tokenUrl, {
    method: "POST",
    body: new URLSearchParams({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code,
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
    }),
  });
  if (!tokens.ok) throw new Error(`twitch answered ${tokens.status} exchanging the code`);
  const { access_token } = (await tokens.json()) as { access_token: string };
  const users = await fetcher(settings.usersUrl, {
    headers: { Authorization: `Bearer ${access_token}`, "Client-Id": settings.clientId },
  });
  if (!users.ok) throw new Error(`twitch answered ${users.status} for the user`);
  const body = (await users.json()) as { data?: { id?: string; login?: string; display_name?: string }[] };
  const user = body.data?.[0];
  if (!user?.id || !/^[0-9]{1,20}$/.test(user.id) || !user.login) throw new Error("twitch's user answer is not a user");
  return { id: user.id, login: user.login, displayName: user.display_name || user.login };
}

/**
 * Subscribes the app to a channel's chat lines (EventSub `channel.chat.message` over the webhook at `callback`, as
 * the bot user, with the app access token and the EventSub secret). Answers the subscription's id. Development and
 * tests (TWITCH_PROVIDER not "http") subscribe nothing: the stand-in delivers lines itself.
 */
export async function subscribeChatMessages(
  env: Env,
  broadcasterId: string,
  callback: string,
  fetcher: typeof fetch = fetch,
): Promise<string | null> {
  const helix = helixApp(env);
  if (!helix) return null;
  const { botUserId } = helix;
  const answer = await fetcher(`${HELIX}/eventsub/subscriptions`, {
    method: "POST",
    headers: { ...(await helixHeaders(helix, fetcher)), "Content-Type": "application/json" },
    body: JSON.stringify({
      type: "channel.chat.message",
      version: "1",
      condition: { broadcaster_user_id: broadcasterId, user_id: botUserId },
      transport: { method: "webhook", callback, secret: eventSubSecret(env) },
    }),
  });
  if (answer.status === 401) forgetHelixAppToken();
  // 409: already subscribed (a reconnect); the existing subscription keeps delivering.
  if (answer.status === 409) return null;
  if (!answer.ok) throw new Error(`twitch answered ${answer.status} subscribing to chat`);
  const { data } = (await answer.json()) as { data: { id: string }[] };
  return data[0]?.id ?? null;
}

/** The app's Helix credentials, or null on the stand-in (development and tests); production must use Helix. */
function helixApp(env: Env) {
  if (env.TWITCH_PROVIDER !== "http") {
    if (isProduction(env)) throw new Error("Production needs TWITCH_PROVIDER=http");
    return null;
  }
  const { TWITCH_CLIENT_ID: clientId, TWITCH_CLIENT_SECRET: clientSecret, TWITCH_BOT_USER_ID: botUserId } = env;
  if (!clientId || !clientSecret || !botUserId)
    throw new Error("TWITCH_PROVIDER=http needs TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET and TWITCH_BOT_USER_ID");
  return { clientId, clientSecret, botUserId };
}

async function helixHeaders(helix: { clientId: string; clientSecret: string }, fetcher: typeof fetch) {
  return { Authorization: `Bearer ${await helixAppToken(helix, fetcher)}`, "Client-Id": helix.clientId };
}

/**
 * Ends a channel's chat subscription (Helix "Delete EventSub Subscription") when the streamer disconnects, so Twitch
 * stops delivering their chat and the subscription no longer counts against the app's limit. Twitch's 404 (already
 * gone: revoked, or deleted before) is done too. The stand-in has nothing to delete.
 */
export async function unsubscribeChatMessages(
  env: Env,
  subscriptionId: string,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const helix = helixApp(env);
  if (!helix) return;
  const url = `${HELIX}/eventsub/subscriptions?${new URLSearchParams({ id: subscriptionId })}`;
  const answer = await fetcher(url, { method: "DELETE", headers: await helixHeaders(helix, fetcher) });
  if (answer.status === 401) forgetHelixAppToken();
  if (!answer.ok && answer.status !== 404) throw new Error(`twitch answered ${answer.status} deleting a subscription`);
}
