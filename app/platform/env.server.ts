/** Reads settings from the Worker's bindings; the single place that knows their defaults. */
export const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

export function isProduction(env: Env): boolean {
  return (env.APP_ENV as string) === "production";
}

export function sessionSecret(env: Env): string {
  const secret = env.SESSION_SECRET;
  if (secret) return secret;
  if (isProduction(env)) throw new Error("SESSION_SECRET is not set: run `wrangler secret put SESSION_SECRET`");
  return DEV_SESSION_SECRET;
}

/** Where `npm run dev` serves the app (Vite's port): links made with no request at hand point there in development. */
export const DEVELOPMENT_ORIGIN = "http://localhost:5173";

/**
 * THE public origin of every link the app sends out: emails, calendar invites, Stripe's return URLs, Discord messages.
 * PUBLIC_ORIGIN when set (required in production: it refuses to make a link without it). Outside production, the
 * origin of the request being answered when there is one (so the browser tests' server on any port links to itself),
 * else DEVELOPMENT_ORIGIN (a message sent later by the queue or the cron).
 */
export function appOrigin(env: Env, request?: Request | URL): string {
  const configured = (env.PUBLIC_ORIGIN as string | undefined)?.trim().replace(/\/+$/, "");
  if (configured) return configured;
  if (isProduction(env)) throw new Error("PUBLIC_ORIGIN is not set: the app cannot make links (wrangler.toml vars)");
  if (request) return new URL(request instanceof URL ? request : request.url).origin;
  return DEVELOPMENT_ORIGIN;
}
