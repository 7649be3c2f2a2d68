import { hmacKey, signClaims, verifyClaims } from "~/lib/crypto";
import { sessionSecret } from "~/platform/env.server";

/**
 * Short-lived access tokens for the JSON API (docs/decisions/007-api-tokens.md): a compact HMAC-SHA256
 * signed token `at1.<claims>.<signature>` (base64url), valid 15 minutes. The claims name the user,
 * the login (session row) and the refresh-token family it came from, so revoking either ends the
 * token at once: getViewer checks both on every request.
 */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const PREFIX = "at1";

export type AccessClaims = { sub: string; sid: string; fam: string; iat: number; exp: number };

/** A purpose-bound key, so an access token can never pass for a signed cookie or the reverse. */
const signingKey = (env: Env) => hmacKey("noobrd access token v1", sessionSecret(env));

export async function signAccessToken(
  env: Env,
  input: { userId: string; sessionId: string; familyId: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const claims: AccessClaims = {
    sub: input.userId,
    sid: input.sessionId,
    fam: input.familyId,
    iat: now,
    exp: now + ACCESS_TOKEN_TTL_MS,
  };
  return { token: await signClaims(await signingKey(env), claims, PREFIX), expiresAt: claims.exp };
}

/** The claims of a genuine, unexpired access token, or null. */
export async function verifyAccessToken(env: Env, token: string, now = Date.now()): Promise<AccessClaims | null> {
  const claims = (await verifyClaims(await signingKey(env), token, PREFIX)) as Partial<AccessClaims> | null;
  if (
    !claims ||
    typeof claims !== "object" ||
    typeof claims.sub !== "string" ||
    typeof claims.sid !== "string" ||
    typeof claims.fam !== "string" ||
    typeof claims.exp !== "number" ||
    typeof claims.iat !== "number" ||
    claims.exp <= now
  ) {
    return null;
  }
  return claims as AccessClaims;
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}
