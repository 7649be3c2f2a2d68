/**
 * The public pages' URLs that many places build: a gig, a streamer, a live session, a game. Server-only: loaders and
 * server modules build each href and hand it to the page's components as a string (loader data, view models), so
 * no client bundle carries these helpers (a shared module became a chunk of its own on every catalogue page and put
 * them over their JavaScript ceilings, bench/js-budget.ts). The URLs keep their public names (`/star/:id`; docs/domain.md
 * "Glossary"). Ids are encoded: a malformed id from an address must not make an invalid Location header. A fan's
 * order page is app/lib/paths.ts's (its forms build it in the browser).
 */

/** A gig's page: `/gig/:id`. */
export const gigPath = (gigId: string) => `/gig/${encodeURIComponent(gigId)}`;

/** A streamer's page: `/star/:id`. */
export const streamerPath = (streamerId: string) => `/star/${encodeURIComponent(streamerId)}`;

/** A live session's page: `/live/:id`, or its ready check (`/live/:id/ready`). */
export function livePath(liveSessionId: string, step?: "ready") {
  const page = `/live/${encodeURIComponent(liveSessionId)}`;
  return step ? `${page}/${step}` : page;
}

/** A game's page: `/game/:id`. */
export const gamePath = (gameId: string) => `/game/${encodeURIComponent(gameId)}`;

/** A streamer's own queue dashboard of a live session: `/influencer/live/session/:id`. */
export const liveDashboardPath = (liveSessionId: string) =>
  `/influencer/live/session/${encodeURIComponent(liveSessionId)}`;
