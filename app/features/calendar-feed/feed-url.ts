/** Where a calendar subscription is served: `/calendar-feed/<key>.ics` (links.server.ts makes these URLs). */
export const CALENDAR_FEED_PATH = "/calendar-feed";

/** The one form of a feed file's path: the key's characters (base64url and the dot between id and signature). */
const FEED_FILE = /^\/calendar-feed\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.ics$/;

/**
 * A key is a credential, so a subscription opens at exactly one URL. The probe found its feed at `<key>.ics/`,
 * `<key>.ics?x=1` and `<key>.ics.data` (React Router's data suffix) too. True when `url` is a read (GET or HEAD) under
 * the feed's path that is not that exact URL: the Worker answers it 404 before any route runs. The form that makes a
 * new key (POST /calendar-feed/regenerate) is not a read, so it is left alone.
 */
export function isInexactCalendarFeedRead(method: string, url: URL): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!url.pathname.startsWith(`${CALENDAR_FEED_PATH}/`)) return false;
  // `url.search` is empty for a bare "?" too; the href keeps it.
  return !(FEED_FILE.test(url.pathname) && !url.href.includes("?"));
}
