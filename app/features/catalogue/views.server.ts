import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PAGE_SIZE } from "~/features/catalogue/constants";
import { usdInrRateQuery } from "~/features/currency/index.server";
import { reliabilityFromRow, reliabilityQuery } from "~/features/reliability/index.server";
import { GIG_REVIEWS_SHOWN, STREAMER_REVIEWS_SHOWN } from "~/features/reviews";
import { gigReviewsQuery, reviewItems, streamerReviewsQuery } from "~/features/reviews/index.server";
import { type Db, named } from "~/platform/db.server";
import {
  gameModes,
  gamePlatforms,
  games,
  gigs,
  liveSessions,
  liveSessionTags,
  platforms,
  streamerProfiles,
  users,
} from "~db/schema";
import { gigsListQuery, liveListQuery, mergePlatformOptions, toPage } from "./browse.server";
import { activeGig, gameCardColumns, gigCardColumns, streamerActive, streamerCardColumns } from "./columns.server";
import { gigsQuerySchema, isCatalogueId, liveQuerySchema } from "./schema";
import { gigSlotsQuery, streamerSessionsCountQuery, streamerSessionsQuery } from "./sessions.server";

/** A star's gigs shown on their page (all active gigs; stars have a handful). */
const STREAMER_GIGS_MAX = 50;
/** Upcoming slots shown on a gig page. */
const GIG_SLOTS_MAX = 20;

// ---------------------------------------------------------------- star

export function streamerProfileQuery(db: Db, streamerId: string, viewerId: string | null) {
  return db
    .select(streamerCardColumns(viewerId))
    .from(streamerProfiles)
    .innerJoin(users, eq(users.id, streamerProfiles.userId))
    .where(and(eq(streamerProfiles.userId, streamerId), streamerActive(streamerProfiles.userId)))
    .limit(1);
}

export function streamerGigsQuery(db: Db, streamerId: string, viewerId: string | null) {
  return db
    .select(gigCardColumns(viewerId))
    .from(gigs)
    .innerJoin(users, eq(users.id, gigs.streamerId))
    .innerJoin(games, eq(games.id, gigs.gameId))
    .where(and(eq(gigs.streamerId, streamerId), activeGig))
    .orderBy(desc(gigs.createdAt))
    .limit(STREAMER_GIGS_MAX);
}

export function openLiveSessionQuery(db: Db, streamerId: string) {
  return db
    .select({ id: liveSessions.id, title: liveSessions.title, gameName: games.name, startedAt: liveSessions.startedAt })
    .from(users)
    .innerJoin(liveSessions, eq(liveSessions.id, users.liveSessionId))
    .innerJoin(games, eq(games.id, liveSessions.gameId))
    .where(eq(users.id, streamerId))
    .limit(1);
}

/**
 * /star/:id in one D1 round trip: profile, gigs, live status, one page of upcoming sessions (soonest first)
 * and one of past sessions (newest first), 6 a page (docs/domain.md), their totals, the exchange rate.
 */
export async function getStarPage<M extends Record<string, BatchItem<"sqlite"> | undefined>>(
  db: Db,
  streamerId: string,
  viewerId: string | null,
  pages: { upcoming: number; past: number },
  now = new Date(),
  more: M = {} as M,
) {
  const limit = PAGE_SIZE.sessions;
  const sent = Object.entries(more).filter((entry): entry is [string, BatchItem<"sqlite">] => entry[1] !== undefined);
  const [
    profile,
    gigRows,
    liveRows,
    upcomingRows,
    pastRows,
    upcomingTotal,
    pastTotal,
    rateRows,
    reviewRows,
    reliabilityRows,
    ...moreRows
  ] = await db.batch([
    streamerProfileQuery(db, streamerId, viewerId),
    streamerGigsQuery(db, streamerId, viewerId),
    openLiveSessionQuery(db, streamerId),
    streamerSessionsQuery(db, streamerId, "upcoming", { page: pages.upcoming, limit, now }),
    streamerSessionsQuery(db, streamerId, "past", { page: pages.past, limit, now }),
    streamerSessionsCountQuery(db, streamerId, "upcoming", now),
    streamerSessionsCountQuery(db, streamerId, "past", now),
    usdInrRateQuery(db),
    streamerReviewsQuery(db, streamerId, STREAMER_REVIEWS_SHOWN),
    reliabilityQuery(db, streamerId, now),
    ...sent.map(([, read]) => read),
  ]);
  const streamer = profile[0];
  if (!streamer) return null;
  const window = (page: number) => ({ page, limit });
  return {
    streamer,
    gigs: gigRows,
    live: liveRows[0] ?? null,
    upcoming: { ...toPage(upcomingRows, window(pages.upcoming), "gigs"), total: upcomingTotal[0]?.total ?? 0 },
    past: { ...toPage(pastRows, window(pages.past), "gigs"), total: pastTotal[0]?.total ?? 0 },
    reviews: reviewItems(reviewRows),
    reliability: reliabilityFromRow(reliabilityRows[0]),
    usdInrRateMicros: rateRows[0]?.rateMicros ?? null,
    usdInrFetchedAt: rateRows[0]?.fetchedAt ?? null,
    // What the page's loader added to the batch (the VIP pass), read back as typed as it was sent.
    more: Object.fromEntries(sent.map(([name], index) => [name, moreRows[index]])) as MoreRows<M>,
  };
}

// ---------------------------------------------------------------- gig

export function gigDetailQuery(db: Db, gigId: string, viewerId: string | null) {
  return db
    .select({
      ...gigCardColumns(viewerId),
      ...named({
        modeName: gameModes.name,
        modeDurationMinutes: gameModes.durationMinutes,
        // How long one session lasts: the gig's own length, else (gigs from before it was asked) its mode's.
        sessionMinutes: sql<number>`coalesce(${gigs.sessionMinutes}, ${gameModes.durationMinutes})`,
        modePlayers: gameModes.noOfPlayers,
        platformName: platforms.platformName,
        platformKey: platforms.platformIdName,
        gameImageUrl: games.imageUrl,
        gamePrimaryColor: games.primaryColor,
      }),
    })
    .from(gigs)
    .innerJoin(users, eq(users.id, gigs.streamerId))
    .innerJoin(games, eq(games.id, gigs.gameId))
    .innerJoin(gameModes, eq(gameModes.id, gigs.gameModeId))
    .innerJoin(platforms, eq(platforms.id, gigs.platformId))
    .where(and(eq(gigs.id, gigId), activeGig, streamerActive(gigs.streamerId)))
    .limit(1);
}

/** The rows of each of the page's own reads sent with the gig's batch (none for a read not sent). */
type MoreRows<M> = { [K in keyof M]: Awaited<NonNullable<M[K]>> | undefined };

/**
 * /gig/:id in one D1 round trip: the gig with game, mode, platform, tags, its upcoming slots, its newest reviews,
 * the rate, and the page's own reads (`more`: the booking form's, the viewer's waitlist places, the gig's pack,
 * the viewer's credits), sent in the same batch so the page stays one round trip. Browsing knows none of them: the
 * page's loader builds them and reads their rows back (`more`), as typed as it sent them.
 */
export async function getGigPage<M extends Record<string, BatchItem<"sqlite"> | undefined>>(
  db: Db,
  gigId: string,
  viewerId: string | null,
  now = new Date(),
  more: M = {} as M,
) {
  const sent = Object.entries(more).filter((entry): entry is [string, BatchItem<"sqlite">] => entry[1] !== undefined);
  const [gigRows, slotRows, rateRows, reviewRows, ...moreRows] = await db.batch([
    gigDetailQuery(db, gigId, viewerId),
    gigSlotsQuery(db, gigId, now, GIG_SLOTS_MAX),
    usdInrRateQuery(db),
    gigReviewsQuery(db, gigId, GIG_REVIEWS_SHOWN),
    ...sent.map(([, read]) => read),
  ]);
  const gig = gigRows[0];
  if (!gig) return null;
  return {
    gig,
    slots: slotRows,
    reviews: reviewItems(reviewRows),
    usdInrRateMicros: rateRows[0]?.rateMicros ?? null,
    usdInrFetchedAt: rateRows[0]?.fetchedAt ?? null,
    more: Object.fromEntries(sent.map(([name], index) => [name, moreRows[index]])) as MoreRows<M>,
  };
}

// ---------------------------------------------------------------- game

export function gameDetailQuery(db: Db, gameId: string, viewerId: string | null) {
  return db.select(gameCardColumns(viewerId)).from(games).where(eq(games.id, gameId)).limit(1);
}

const gameModeColumns = {
  id: gameModes.id,
  gameId: gameModes.gameId,
  name: gameModes.name,
  durationMinutes: gameModes.durationMinutes,
  noOfPlayers: gameModes.noOfPlayers,
};

export function gameModesQuery(db: Db, gameId: string) {
  return db
    .select(gameModeColumns)
    .from(gameModes)
    .where(eq(gameModes.gameId, gameId))
    .orderBy(asc(gameModes.sortOrder), asc(gameModes.name));
}

export function gamePlatformsQuery(db: Db, gameId: string) {
  return db
    .select({ id: platforms.id, key: platforms.platformIdName, name: platforms.platformName })
    .from(gamePlatforms)
    .innerJoin(platforms, eq(platforms.id, gamePlatforms.platformId))
    .where(eq(gamePlatforms.gameId, gameId))
    .orderBy(asc(platforms.sortOrder));
}

/** /game/:id in one D1 round trip: the game, its modes and platforms, its gigs (a page), who plays it live. */
export async function getGamePage(db: Db, gameId: string, viewerId: string | null, page: number) {
  // The game's id feeds the gig and live list filters, whose schemas refuse ids of another shape: no such game.
  if (!isCatalogueId(gameId)) return null;
  const gigsQuery = gigsQuerySchema.parse({ selectedGame: gameId, page });
  const [gameRows, modeRows, platformRows, gigRows, liveRows, rateRows] = await db.batch([
    gameDetailQuery(db, gameId, viewerId),
    gameModesQuery(db, gameId),
    gamePlatformsQuery(db, gameId),
    gigsListQuery(db, gigsQuery, viewerId),
    liveListQuery(db, liveQuerySchema.parse({ selectedGame: gameId }), viewerId),
    usdInrRateQuery(db),
  ]);
  const game = gameRows[0];
  if (!game) return null;
  return {
    game,
    modes: modeRows,
    platforms: platformRows,
    platformNames: mergePlatformOptions(platformRows).map((option) => option.name),
    gigs: toPage(gigRows, gigsQuery, "gigs"),
    live: liveRows,
    usdInrRateMicros: rateRows[0]?.rateMicros ?? null,
    usdInrFetchedAt: rateRows[0]?.fetchedAt ?? null,
  };
}

// ---------------------------------------------------------------- reference lists of the API

export function gameModeQuery(db: Db, id: string) {
  return db.select(gameModeColumns).from(gameModes).where(eq(gameModes.id, id));
}

export function allPlatformsQuery(db: Db) {
  return db
    .select({
      id: platforms.id,
      name: platforms.platformName,
      key: platforms.platformIdName,
      icon: platforms.platformIcon,
    })
    .from(platforms)
    .orderBy(asc(platforms.sortOrder), asc(platforms.platformName));
}

export function allGamesQuery(db: Db, viewerId: string | null) {
  return db.select(gameCardColumns(viewerId)).from(games).orderBy(sql`${games.name} COLLATE NOCASE`);
}

/** Every (game, platform) pair, platforms in their display order. */
export function gamePlatformPairsQuery(db: Db) {
  return db
    .select({ gameId: gamePlatforms.gameId, id: platforms.id, name: platforms.platformName })
    .from(gamePlatforms)
    .innerJoin(platforms, eq(platforms.id, gamePlatforms.platformId))
    .orderBy(asc(platforms.sortOrder));
}

export function liveSessionTagsQuery(db: Db, liveSessionId: string) {
  return db
    .select({ tag: liveSessionTags.tag })
    .from(liveSessionTags)
    .where(eq(liveSessionTags.liveSessionId, liveSessionId))
    .orderBy(asc(liveSessionTags.tag));
}
