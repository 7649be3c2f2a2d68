/**
 * A streamer's short public link, `/@<username>`: it opens their live session while they are live, else their
 * page (app/routes/public/short-link.tsx). Usernames are unique case-insensitively, so the link is too.
 */
const SHORT_LINK_PREFIX = "@";

function shortLinkPath(username: string): string {
  return `/${SHORT_LINK_PREFIX}${encodeURIComponent(username)}`;
}

/** The link in full (`https://noobrd.gg/@name`). */
export function shortLink(origin: string, username: string): string {
  return `${origin}${shortLinkPath(username)}`;
}

/** The handle a path segment names (`@name` -> `name`), or null when the segment is not a short link. */
export function handleOfSegment(segment: string): string | null {
  if (!segment.startsWith(SHORT_LINK_PREFIX)) return null;
  const handle = segment.slice(SHORT_LINK_PREFIX.length);
  return handle.length > 0 ? handle : null;
}
