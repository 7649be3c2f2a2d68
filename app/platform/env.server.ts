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
