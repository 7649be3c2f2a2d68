import { createCookie } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { redirectToSchema } from "~/features/auth";
import { SOCIAL_COPY, type SocialAccount, signInWithProfile } from "~/features/auth/index.server";
import { linkKnownChatIdentity } from "~/features/chat/index.server";
import { isAppError } from "~/lib/errors";
import { sessionSecret } from "~/platform/env.server";
import { publicOrigin } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import {
  fetchProfile,
  PROVIDER_LABELS,
  providerSettings,
  type SocialProvider,
} from "~/platform/oauth/providers.server";

/**
 * Discord and Google sign-in through remix-auth v4 and remix-auth-oauth2's OAuth2Strategy (authorization
 * code with PKCE S256 and a state cookie). The strategy's endpoints come from configuration
 * (app/platform/oauth/providers.server.ts): the real providers in production, the local stand-in in
 * development and tests. Its verify step fetches the profile and links or creates the account.
 */
const STATE_COOKIE_PATH = "/auth";
const RETURN_COOKIE_MAX_AGE_S = 10 * 60;

function stateCookieName(provider: SocialProvider) {
  return `oauth_${provider}`;
}

/** Where to go after a social login that started with ?redirectTo=: kept across the provider round trip. */
function returnCookie(env: Env) {
  return createCookie("oauth_return", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: STATE_COOKIE_PATH,
    maxAge: RETURN_COOKIE_MAX_AGE_S,
    secrets: [sessionSecret(env)],
  });
}

export type SocialSignIn = { account: SocialAccount };

function authenticator(request: Request, env: Env, provider: SocialProvider, ip: string) {
  const origin = publicOrigin(request, env);
  const settings = providerSettings(env, provider, origin);
  if (!settings) return null;
  const auth = new Authenticator<SocialSignIn>();
  auth.use(
    new OAuth2Strategy<SocialSignIn>(
      {
        cookie: {
          name: stateCookieName(provider),
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
          path: STATE_COOKIE_PATH,
          maxAge: RETURN_COOKIE_MAX_AGE_S,
        },
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        authorizationEndpoint: settings.authorizeUrl,
        tokenEndpoint: settings.tokenUrl,
        redirectURI: `${origin}/auth/${provider}/callback`,
        scopes: settings.scopes,
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      async ({ tokens }) => {
        const profile = await fetchProfile(settings, tokens.accessToken());
        const signedIn = await signInWithProfile(env, profile, { ip });
        // A Discord user who already queued from a server's /join is that account from now on (one fan).
        if (profile.provider === "discord")
          await linkKnownChatIdentity(env, signedIn.account.userId, {
            platform: "discord",
            platformUserId: profile.providerUserId,
            displayName: profile.username ?? profile.name,
          });
        return signedIn;
      },
    ),
    provider,
  );
  return auth;
}

/**
 * Starts a sign-in: answers the redirect to the provider's authorize endpoint, with the state cookie and
 * the return path. Null when the provider is not configured.
 */
export async function startSocialLogin(
  request: Request,
  env: Env,
  provider: SocialProvider,
  redirectTo: string | undefined,
): Promise<Response | null> {
  const auth = authenticator(request, env, provider, "");
  if (!auth) return null;
  // A clean GET of the start URL: the strategy treats a request with ?state= as a callback.
  const url = new URL(request.url);
  const start = new Request(`${url.origin}${url.pathname}`, { headers: request.headers });
  try {
    await auth.authenticate(provider, start);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      const cookie = returnCookie(env);
      headers.append(
        "Set-Cookie",
        redirectTo ? await cookie.serialize(redirectTo) : await cookie.serialize("", { maxAge: 0 }),
      );
      return new Response(null, { status: 302, headers });
    }
    throw thrown;
  }
  throw new Error("OAuth2Strategy did not redirect to the provider");
}

export type CallbackOutcome =
  | { ok: true; account: SocialAccount; returnTo: string | null; clearCookies: string[] }
  | { ok: false; message: string; clearCookies: string[] };

/** Set-Cookie values that delete the state cookies of this provider and the return-path cookie. */
async function clearingCookies(request: Request, env: Env, provider: SocialProvider): Promise<string[]> {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(stateCookieName(provider)));
  return [
    ...names.map((name) => `${name}=; Max-Age=0; Path=${STATE_COOKIE_PATH}; HttpOnly; Secure; SameSite=Lax`),
    await returnCookie(env).serialize("", { maxAge: 0 }),
  ];
}

/** Finishes the provider round trip: checks state, exchanges the code, verifies, links or creates. */
export async function handleSocialCallback(
  request: Request,
  env: Env,
  provider: SocialProvider,
  ip: string,
): Promise<CallbackOutcome> {
  const label = PROVIDER_LABELS[provider];
  const clearCookies = await clearingCookies(request, env, provider);
  const auth = authenticator(request, env, provider, ip);
  if (!auth) return { ok: false, message: SOCIAL_COPY.unavailable(label), clearCookies };
  const returned: unknown = await returnCookie(env).parse(request.headers.get("Cookie"));
  const returnTo = redirectToSchema.parse(typeof returned === "string" && returned ? returned : undefined) ?? null;
  try {
    const { account } = await auth.authenticate(provider, request);
    return { ok: true, account, returnTo, clearCookies };
  } catch (error) {
    // A refusal of the sign-in itself (banned, email taken...): its message, on the login page.
    if (isAppError(error)) return { ok: false, message: error.message, clearCookies };
    if (error instanceof OAuth2RequestError && error.code === "access_denied") {
      return { ok: false, message: SOCIAL_COPY.cancelled(label), clearCookies };
    }
    if (error instanceof Response) throw error;
    log.warn("oauth.sign_in_failed", { provider, error });
    return { ok: false, message: SOCIAL_COPY.failed(label), clearCookies };
  }
}
