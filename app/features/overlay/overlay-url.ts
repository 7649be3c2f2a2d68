/** The overlay's two pages, `/overlay/<key>/queue` and `/overlay/<key>/next-slot` (overlay.server.ts makes them). */
const OVERLAY_PAGE = /^\/overlay\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/(queue|next-slot)$/;

/**
 * A key is a credential, so an overlay opens at exactly one URL, as a calendar feed does (docs/decisions/029): a read
 * (GET or HEAD) under `/overlay/` that is not one of its two pages exactly (a trailing slash, a query string, even a bare
 * `?`, or React Router's `.data` suffix) is a 404 in the Worker before any route runs. The overlay pages therefore
 * refresh by reloading themselves, not by React Router's `.data` revalidation.
 */
export function isInexactOverlayRead(method: string, url: URL): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!url.pathname.startsWith("/overlay/")) return false;
  // `url.search` is empty for a bare "?" too; the href keeps it.
  return !(OVERLAY_PAGE.test(url.pathname) && !url.href.includes("?"));
}
