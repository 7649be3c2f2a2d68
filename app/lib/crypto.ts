/** Small WebCrypto helpers shared by sessions, tokens and one-time codes. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Bytes as unpadded base64url (RFC 4648, §5), the one encoder for tokens, signatures and PKCE. */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of unpadded (or padded) base64url text, or null when it is not base64url. */
function fromBase64url(text: string): Uint8Array | null {
  if (!/^[\w-]*={0,2}$/.test(text)) return null;
  try {
    const normal = text.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
    return Uint8Array.from(atob(normal + "=".repeat((4 - (normal.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

const encoder = new TextEncoder();
const hmacKeys = new Map<string, CryptoKey>();

/**
 * An HMAC-SHA256 key bound to a purpose (`noobrd access token v1`, `noobrd site gate v1`, ...), so a value
 * signed for one purpose never verifies for another. Keys are imported once per purpose and secret and kept once
 * imported: the isolate keeps the key, never the pending import, because a promise of the runtime belongs to the
 * request that started it and another request awaiting it hangs ("Cannot perform I/O on behalf of a different
 * request"). Two requests importing at once each import; the later one's key is kept.
 */
export async function hmacKey(purpose: string, secret: string): Promise<CryptoKey> {
  const material = `${purpose}|${secret}`;
  const known = hmacKeys.get(material);
  if (known) return known;
  const key = await crypto.subtle.importKey("raw", encoder.encode(material), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  hmacKeys.set(material, key);
  return key;
}

/** The base64url HMAC-SHA256 signature of `text`. */
export async function hmacSign(key: CryptoKey, text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text))));
}

/**
 * Whether `signature` is the HMAC-SHA256 of `text`, compared in constant time by WebCrypto, written exactly as
 * `hmacSign` writes it: base64 decoding forgives padding and the unused low bits of the last character, so without
 * this one signature had several spellings (a feed key, a grant, a link would open under each).
 */
export async function hmacVerify(key: CryptoKey, text: string, signature: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  if (!bytes || base64url(bytes) !== signature) return false;
  return crypto.subtle.verify("HMAC", key, bytes as BufferSource, encoder.encode(text));
}

/** A numeric one-time code of `digits` digits, uniformly drawn. */
export function randomDigits(digits = 6): string {
  const max = 10 ** digits;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  let value: number;
  do {
    crypto.getRandomValues(buffer);
    value = buffer[0] ?? 0;
  } while (value >= limit);
  return String(value % max).padStart(digits, "0");
}

/**
 * A compact signed token `[prefix.]<base64url JSON claims>.<base64url HMAC>`: the access tokens of the JSON API
 * and the OAuth stand-in's codes and tokens. The signature covers everything before the last dot.
 */
export async function signClaims(key: CryptoKey, claims: object, prefix?: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  const head = prefix ? `${prefix}.${body}` : body;
  return `${head}.${await hmacSign(key, head)}`;
}

/** The claims of a token made by `signClaims` with this key and prefix (unchecked JSON), or null. */
export async function verifyClaims(key: CryptoKey, token: string, prefix?: string): Promise<unknown> {
  const parts = token.split(".");
  if (parts.length !== (prefix ? 3 : 2) || (prefix && parts[0] !== prefix)) return null;
  const signature = parts.pop() ?? "";
  const body = parts.at(-1) ?? "";
  if (!(await hmacVerify(key, parts.join("."), signature))) return null;
  const raw = fromBase64url(body);
  if (!raw) return null;
  try {
    return JSON.parse(new TextDecoder().decode(raw)) as unknown;
  } catch {
    return null;
  }
}
