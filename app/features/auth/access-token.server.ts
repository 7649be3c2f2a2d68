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

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[\w-]*$/.test(text)) return null;
  try {
    const normal = text.replaceAll("-", "+").replaceAll("_", "/");
    return Uint8Array.from(atob(normal + "=".repeat((4 - (normal.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(env: Env): Promise<CryptoKey> {
  const secret = sessionSecret(env);
  let key = keys.get(secret);
  if (!key) {
    // A purpose-bound key, so an access token can never pass for a signed cookie or the reverse.
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(`noobrd access token v1|${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

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
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const signed = `${PREFIX}.${body}`;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), encoder.encode(signed)));
  return { token: `${signed}.${base64url(signature)}`, expiresAt: claims.exp };
}

/** The claims of a genuine, unexpired access token, or null. */
export async function verifyAccessToken(env: Env, token: string, now = Date.now()): Promise<AccessClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, body = "", signatureText = ""] = parts;
  const signature = fromBase64url(signatureText);
  if (!signature) return null;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await signingKey(env),
    signature as BufferSource,
    encoder.encode(`${PREFIX}.${body}`),
  );
  if (!valid) return null;
  const raw = fromBase64url(body);
  if (!raw) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(raw)) as Partial<AccessClaims>;
    if (
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
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}
