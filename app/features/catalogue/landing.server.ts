import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { usdInrRateQuery } from "~/features/currency/index.server";
import { rowidOf } from "~/features/search/index.server";
import type { Db } from "~/platform/db.server";
import { banners, games, gigs, liveSessions, streamerProfiles, users } from "~db/schema";
import {
  activeGig,
  gameCardColumns,
  gigCardColumns,
  gigGameJoin,
  gigStarJoin,
  liveCardColumns,
  streamerActive,
  streamerCardColumns,
  streamerJoin,
} from "./columns.server";
import { upcomingSessionsQuery, viewerUpcomingSessionsQuery } from "./sessions.server";

export const LANDING_LIMITS = { gigs: 8, streamers: 8, live: 6, upcoming: 6, yourUpcoming: 6 } as const;

export function bannersQuery(db: Db) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      description: banners.description,
      imageUrl: banners.imageUrl,
      linkUrl: banners.linkUrl,
    })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.sortOrder));
}

/** Games staff chose for the landing page (showLanding), most popular first. */
export function landingGamesQuery(db: Db, viewerId: string | null) {
  return db
    .select(gameCardColumns(viewerId))
    .from(games)
    .where(eq(games.showLanding, true))
    .orderBy(desc(games.popularity));
}

export function popularGigsQuery(db: Db, viewerId: string | null, limit: number = LANDING_LIMITS.gigs) {
  return db
    .select(gigCardColumns(viewerId))
    .from(gigs)
    .innerJoin(users, gigStarJoin)
    .innerJoin(games, gigGameJoin)
    .where(and(activeGig, streamerActive(gigs.streamerId)))
    .orderBy(desc(gigs.popularity), sql`${rowidOf.gigs} DESC`)
    .limit(limit);
}

/** Most popular stars among those staff show at landing (showAtLanding). */
export function popularStarsQuery(db: Db, viewerId: string | null, limit: number = LANDING_LIMITS.streamers) {
  return db
    .select(streamerCardColumns(viewerId))
    .from(streamerProfiles)
    .innerJoin(users, streamerJoin("profiles"))
    .where(and(eq(streamerProfiles.showAtLanding, true), streamerActive(streamerProfiles.userId)))
    .orderBy(desc(streamerProfiles.popularity))
    .limit(limit);
}

export function liveNowQuery(db: Db, viewerId: string | null, limit: number = LANDING_LIMITS.live) {
  return (
    db
      .select(liveCardColumns(viewerId))
      .from(liveSessions)
      // The star points at their open session (users.live_session_id, set with it by go-live): joining on it
      // lets either side drive the join through a live-only index, never a scan of all users.
      .innerJoin(users, eq(users.liveSessionId, liveSessions.id))
      .innerJoin(games, eq(games.id, liveSessions.gameId))
      .where(isNull(liveSessions.endedAt))
      .orderBy(desc(liveSessions.startedAt))
      .limit(limit)
  );
}

/**
 * Everything the landing page shows, in ONE D1 round trip: banners, landing games, most popular gigs and
 * stars, who is live now, the next sessions on the site, the viewer's own next sessions, the exchange rate.
 */
export async function getLanding(db: Db, viewerId: string | null, now = new Date()) {
  const [bannerRows, gameRows, gigRows, streamerRows, liveRows, upcomingRows, yourRows, rateRows] = await db.batch([
    bannersQuery(db),
    landingGamesQuery(db, viewerId),
    popularGigsQuery(db, viewerId),
    popularStarsQuery(db, viewerId),
    liveNowQuery(db, viewerId),
    upcomingSessionsQuery(db, now, LANDING_LIMITS.upcoming),
    // Anonymous visitors have no sessions; the empty id matches no booking (an index lookup).
    viewerUpcomingSessionsQuery(db, viewerId ?? "", now, LANDING_LIMITS.yourUpcoming),
    usdInrRateQuery(db),
  ]);
  return {
    banners: bannerRows,
    games: gameRows,
    gigs: gigRows,
    streamers: streamerRows,
    live: liveRows,
    upcoming: upcomingRows,
    yourUpcoming: viewerId ? yourRows : null,
    usdInrRateMicros: rateRows[0]?.rateMicros ?? null,
    usdInrFetchedAt: rateRows[0]?.fetchedAt ?? null,
  };
}
