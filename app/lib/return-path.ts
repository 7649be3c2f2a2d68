/**
 * The one return-path parser for every door that sends a user back somewhere after a step (login, sign-in
 * hand-offs, plain-form favourites, ...). A crafted link must never send users to another site: browsers drop
 * tabs and newlines from URLs and treat `\` as `/`, so "/\t/evil.example" or "/\\evil.example" would leave the
 * site. Only a same-origin path survives: no control characters, no backslashes, at most RETURN_PATH_MAX
 * characters, and once resolved with `new URL` against a placeholder origin, still on that origin. Anything
 * else gives undefined (the caller's default).
 */
export const RETURN_PATH_MAX = 512;

const PLACEHOLDER_ORIGIN = "https://return-path.invalid";

export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  // C0 controls, DEL and C1 controls (tabs, newlines, ...), and backslashes, anywhere in the value.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path must still be a single-slash path (e.g. "/%2F/evil" stays encoded, which is fine).
  if (!path.startsWith("/") || path.startsWith("//")) return undefined;
  return path;
}
