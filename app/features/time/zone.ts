/**
 * The viewer's time zone (docs/decisions/019-viewer-time-zone.md): which IANA zone a page, an email or an invite
 * shows times in, decided once on the server so the first byte and the hydrated page agree. Isomorphic: no
 * server-only imports, the inline client-hint script (components/viewer-zone.tsx) shares the cookie name.
 */

export const FALLBACK_TIME_ZONE = "UTC";

/** The client-hint cookie the inline script writes with the browser's zone (docs/decisions/019). */
export const TIME_ZONE_COOKIE = "tz";

/**
 * Old names ICU still answers for some zones (a browser's resolvedOptions() may say Asia/Calcutta), mapped to
 * the names people and the IANA database use today. We never print an IANA id, but we store the current one.
 */
export const CURRENT_ZONE_NAMES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Godthab": "America/Nuuk",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Etc/UTC": "UTC",
  "Etc/GMT": "UTC",
  GMT: "UTC",
};

/**
 * Names the runtime has accepted, kept per isolate: checking one builds an Intl.DateTimeFormat (~0.3 ms), and every
 * page request asks (the edge cache's variant). Only accepted names are kept, and at most KNOWN_ZONES_MAX of them (the
 * runtime also accepts other spellings of a name, such as another letter case, which a cookie could vary at will).
 */
const knownZones = new Map<string, string>();
const KNOWN_ZONES_MAX = 1_000;

/** An IANA zone name the runtime knows (in its current spelling), else null. */
export function validTimeZone(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 64) return null;
  const known = knownZones.get(candidate);
  if (known) return known;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: candidate });
  } catch {
    return null;
  }
  const current = CURRENT_ZONE_NAMES[candidate] ?? candidate;
  if (knownZones.size >= KNOWN_ZONES_MAX) knownZones.clear();
  knownZones.set(candidate, current);
  return current;
}

/** Where the zone came from, outermost first: what the user saved, the browser's hint, Cloudflare, else UTC. */
type ZoneSource = "saved" | "cookie" | "cloudflare" | "fallback";
export type ViewerZone = { zone: string; source: ZoneSource };

/** The one rule for a viewer's zone: saved zone, else the `tz` cookie, else Cloudflare's `cf.timezone`, else UTC. */
export function resolveViewerZone(input: { saved?: unknown; cookie?: unknown; cloudflare?: unknown }): ViewerZone {
  const saved = validTimeZone(input.saved);
  if (saved) return { zone: saved, source: "saved" };
  const cookie = validTimeZone(input.cookie);
  if (cookie) return { zone: cookie, source: "cookie" };
  const cloudflare = validTimeZone(input.cloudflare);
  if (cloudflare) return { zone: cloudflare, source: "cloudflare" };
  return { zone: FALLBACK_TIME_ZONE, source: "fallback" };
}

/**
 * The zone an email, reminder or invite to a user is written in: their saved zone, else UTC (said as "UTC"). A
 * message is read later and elsewhere, so neither the request's cookie nor Cloudflare's guess applies.
 */
export function recipientZone(saved: string | null | undefined): string {
  return resolveViewerZone({ saved }).zone;
}

/**
 * The zone a new account is saved with: the browser's (sign-up's hidden field), else the tz cookie or Cloudflare's;
 * nothing (undefined) when none is known, so a later browser hint still applies rather than a saved UTC.
 */
export function signUpTimeZone(
  request: Request,
  submitted: string | undefined,
  cf: { timezone?: unknown } | undefined | null,
): string | undefined {
  const { zone, source } = requestViewerZone(request, submitted, cf);
  return source === "fallback" ? undefined : zone;
}

/** The `tz` cookie's value from a Cookie header (decoded), else null. */
export function zoneCookie(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== TIME_ZONE_COOKIE) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The zone of a request whose Cloudflare properties are at hand (`cf`, else the request's own), for a user who
 * saved `saved` (null for anyone else): the same rule pages use (viewer-zone.server.ts).
 */
export function requestViewerZone(
  request: Request,
  saved: string | null | undefined,
  cf: { timezone?: unknown } | undefined | null = (request as { cf?: { timezone?: unknown } }).cf,
): ViewerZone {
  return resolveViewerZone({ saved, cookie: zoneCookie(request.headers.get("Cookie")), cloudflare: cf?.timezone });
}
