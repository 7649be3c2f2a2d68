import { isProduction } from "../env.server";

/**
 * Discord and Google as OAuth 2.0 providers: where their endpoints are, which client we are, and how
 * their user-info answers map to one profile shape. The endpoints come from configuration
 * (OAUTH_<PROVIDER>_AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL; the real ones when unset), so the same
 * adapter talks to discord.com / Google in production and to the local stand-in in development and
 * tests. A relative URL is resolved against the request's origin (the stand-in mounted in the Worker)
 * and is refused in production.
 */
const SOCIAL_PROVIDERS = ["discord", "google"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? "");
}

export const PROVIDER_LABELS: Record<SocialProvider, string> = { discord: "Discord", google: "Google" };

const REAL_ENDPOINTS: Record<SocialProvider, { authorize: string; token: string; userInfo: string }> = {
  discord: {
    authorize: "https://discord.com/oauth2/authorize",
    token: "https://discord.com/api/oauth2/token",
    userInfo: "https://discord.com/api/users/@me",
  },
  google: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
  },
};

const SCOPES: Record<SocialProvider, string[]> = {
  discord: ["identify", "email"],
  google: ["openid", "email", "profile"],
};

export type ProviderSettings = {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: URL;
  tokenUrl: URL;
  userInfoUrl: URL;
  scopes: string[];
};

type ProviderEnv = {
  clientId?: string;
  clientSecret?: string;
  authorize?: string;
  token?: string;
  userInfo?: string;
};

export function rawSettings(env: Env, provider: SocialProvider | "twitch"): ProviderEnv {
  const vars = env as unknown as Record<string, string | undefined>;
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  return {
    clientId: vars[`${prefix}CLIENT_ID`] || undefined,
    clientSecret: vars[`${prefix}CLIENT_SECRET`] || undefined,
    authorize: vars[`${prefix}AUTHORIZE_URL`] || undefined,
    token: vars[`${prefix}TOKEN_URL`] || undefined,
    userInfo: vars[`${prefix}USERINFO_URL`] || undefined,
  };
}

export function resolveEndpoint(value: string, origin: string, production: boolean): URL | null {
  const absolute = /^https?:\/\//i.test(value);
  if (!absolute && production) return null;
  try {
    const url = new URL(value, origin);
    if (production && url.protocol !== "https:") return null;
    return url;
  } catch {
    return null;
  }
}

/** The provider's settings for a request on `origin`, or null when the provider is not configured. */
export function providerSettings(env: Env, provider: SocialProvider, origin: string): ProviderSettings | null {
  const raw = rawSettings(env, provider);
  if (!raw.clientId || !raw.clientSecret) return null;
  const production = isProduction(env);
  const real = REAL_ENDPOINTS[provider];
  const authorizeUrl = resolveEndpoint(raw.authorize ?? real.authorize, origin, production);
  const tokenUrl = resolveEndpoint(raw.token ?? real.token, origin, production);
  const userInfoUrl = resolveEndpoint(raw.userInfo ?? real.userInfo, origin, production);
  if (!authorizeUrl || !tokenUrl || !userInfoUrl) return null;
  return {
    provider,
    clientId: raw.clientId,
    clientSecret: raw.clientSecret,
    authorizeUrl,
    tokenUrl,
    userInfoUrl,
    scopes: SCOPES[provider],
  };
}

/** The providers whose sign-in buttons to show. */
export function configuredProviders(env: Env, origin: string): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => providerSettings(env, provider, origin) !== null);
}

/**
 * Origins that login forms may be redirected to (the providers' authorize endpoints on other origins):
 * CSP form-action applies to the redirect after a form POST, so they must be listed there.
 */
export function providerFormActionOrigins(env: Env, origin: string): string[] {
  // Asked for every response's CSP; the settings are the isolate's env, so the answer is kept per env and origin.
  let byOrigin = formActionOrigins.get(env);
  if (!byOrigin) {
    byOrigin = new Map();
    formActionOrigins.set(env, byOrigin);
  }
  let origins = byOrigin.get(origin);
  if (!origins) {
    origins = computeFormActionOrigins(env, origin);
    if (byOrigin.size < 16) byOrigin.set(origin, origins);
  }
  return origins;
}

const formActionOrigins = new WeakMap<Env, Map<string, string[]>>();

function computeFormActionOrigins(env: Env, origin: string): string[] {
  const origins = new Set<string>();
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = providerSettings(env, provider, origin);
    if (settings && settings.authorizeUrl.origin !== origin) origins.add(settings.authorizeUrl.origin);
  }
  return [...origins];
}

/** One person as a provider describes them, in the app's terms. */
export type SocialProfile = {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  username: string | null;
  pictureUrl: string | null;
};

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

function httpsOrLocalUrl(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Discord's /users/@me: {id, username, global_name, email, verified, avatar}. */
export function profileFromDiscord(body: unknown): SocialProfile | null {
  if (!body || typeof body !== "object") return null;
  const user = body as Record<string, unknown>;
  const id = text(user.id);
  if (!id) return null;
  const username = text(user.username);
  const email = text(user.email)?.toLowerCase() ?? null;
  const avatar = text(user.avatar);
  return {
    provider: "discord",
    providerUserId: id,
    email,
    emailVerified: !!email && user.verified === true,
    name: text(user.global_name) ?? username ?? "Discord user",
    username,
    pictureUrl: avatar && /^[\w]+$/.test(avatar) ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
  };
}

/** Google's OpenID userinfo: {sub, email, email_verified, name, picture}. */
export function profileFromGoogle(body: unknown): SocialProfile | null {
  if (!body || typeof body !== "object") return null;
  const user = body as Record<string, unknown>;
  const id = text(user.sub);
  if (!id) return null;
  const email = text(user.email)?.toLowerCase() ?? null;
  return {
    provider: "google",
    providerUserId: id,
    email,
    emailVerified: !!email && (user.email_verified === true || user.email_verified === "true"),
    name: text(user.name) ?? email?.split("@")[0] ?? "Google user",
    username: email?.split("@")[0] ?? null,
    pictureUrl: httpsOrLocalUrl(user.picture),
  };
}

class ProviderError extends Error {}

/** Fetches the signed-in person's profile with the provider access token. */
export async function fetchProfile(settings: ProviderSettings, accessToken: string): Promise<SocialProfile> {
  let response: Response;
  try {
    response = await fetch(settings.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    });
  } catch (error) {
    throw new ProviderError(`${settings.provider} user-info request failed: ${String(error)}`);
  }
  if (!response.ok) throw new ProviderError(`${settings.provider} user-info answered ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  const profile = settings.provider === "discord" ? profileFromDiscord(body) : profileFromGoogle(body);
  if (!profile) throw new ProviderError(`${settings.provider} user-info answer is not a user`);
  return profile;
}

/** The stand-in is mounted in the Worker only when OAUTH_STAND_IN is "on", and never in production. */
export function standInEnabled(env: Env): boolean {
  return (env.OAUTH_STAND_IN as string | undefined) === "on" && !isProduction(env);
}

export const STAND_IN_BASE_PATH = "/__stand-in/oauth";
