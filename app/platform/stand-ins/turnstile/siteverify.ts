import type { SiteverifyAnswer } from "../../turnstile/turnstile.server";

/**
 * The local stand-in of Cloudflare Turnstile (development, tests and the browser tests' build; never in production:
 * scripts/check-build.ts looks for its marker). It behaves as Cloudflare's test keys do
 * (https://developers.cloudflare.com/turnstile/troubleshooting/testing/):
 * - site key `1x00000000000000000000AA` always passes: its widget gives a token at once; `2x00000000000000000000AB`
 *   always blocks: its widget gives none;
 * - secret `1x0000000000000000000000000000000AA` verifies a token, `2x0000000000000000000000000000000AA` always
 *   fails, `3x0000000000000000000000000000000AA` answers "token already spent".
 * Unlike the test keys, a stand-in token names its action and hostname and is single use, as real tokens are, so the
 * server's checks (action, hostname, single use) are exercised offline.
 */
const STAND_IN_TOKEN_PREFIX = "turnstile-stand-in";

export const TURNSTILE_TEST_KEYS = {
  passSiteKey: "1x00000000000000000000AA",
  blockSiteKey: "2x00000000000000000000AB",
  passSecret: "1x0000000000000000000000000000000AA",
  failSecret: "2x0000000000000000000000000000000AA",
  spentSecret: "3x0000000000000000000000000000000AA",
} as const;

/** The token the stand-in's widget gives for `action` on `hostname` (none for the always-blocks site key). */
export function standInToken(siteKey: string, action: string, hostname: string): string | null {
  if (siteKey.startsWith("2x")) return null;
  // The action and hostname ride in the token (a hostname has dots of its own: base64url of JSON, not a dotted list).
  const claims = JSON.stringify({ action, hostname, nonce: crypto.randomUUID() });
  return `${STAND_IN_TOKEN_PREFIX}.${btoa(claims).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

function claimsOf(token: string): { action?: unknown; hostname?: unknown; nonce?: unknown } | null {
  const [prefix, body, ...rest] = token.split(".");
  if (prefix !== STAND_IN_TOKEN_PREFIX || !body || rest.length > 0) return null;
  try {
    return JSON.parse(atob(body.replaceAll("-", "+").replaceAll("_", "/"))) as {
      action?: unknown;
      hostname?: unknown;
      nonce?: unknown;
    };
  } catch {
    return null;
  }
}

/**
 * The tokens spent in this isolate, by their nonce, oldest first (the stand-in runs in one local workerd: its one
 * isolate sees every verification). Kept in memory, not in a bucket, so the stand-in costs the local Worker next to
 * nothing, as Cloudflare's siteverify costs the real one nothing but the wait: the drop benchmark measures the app,
 * not its stand-ins (docs/decisions/043-turnstile-stand-in-in-memory.md). Bounded: the oldest are forgotten past
 * SPENT_KEPT, long after a real token would have expired (300 seconds).
 */
const spent = new Set<string>();
const SPENT_KEPT = 100_000;

/** Siteverify as the stand-in answers it: each token good once. */
export async function standInSiteverify(secret: string, token: string): Promise<SiteverifyAnswer> {
  if (!token) return { success: false, "error-codes": ["missing-input-response"] };
  if (secret.startsWith("2x")) return { success: false, "error-codes": ["invalid-input-response"] };
  if (secret.startsWith("3x")) return { success: false, "error-codes": ["timeout-or-duplicate"] };
  const claims = claimsOf(token);
  const action = claims?.action;
  const hostname = claims?.hostname;
  const nonce = claims?.nonce;
  if (typeof action !== "string" || typeof hostname !== "string" || typeof nonce !== "string") {
    return { success: false, "error-codes": ["invalid-input-response"] };
  }
  if (spent.has(nonce)) return { success: false, "error-codes": ["timeout-or-duplicate"] };
  spent.add(nonce);
  if (spent.size > SPENT_KEPT) spent.delete(spent.values().next().value as string);
  return { success: true, "error-codes": [], action, hostname };
}
