import { asc, eq, isNull, sql } from "drizzle-orm";
import { usdInrRateQuery } from "~/features/currency/index.server";
import { unauthorized } from "~/lib/errors";
import type { Db } from "~/platform/db.server";
import { games, liveSessions, liveSessionTags, platforms } from "~db/schema";
import { streamersCountQuery, streamersListQuery } from "./lists/creators.server";
import { gamesCountQuery, gamesListQuery } from "./lists/games.server";
import { gigsCountQuery, gigsListQuery } from "./lists/gigs.server";
import { liveCountQuery, liveListQuery } from "./lists/live.server";
import { type Page, toPage } from "./lists/shared.server";
import type { BrowseQuery } from "./schema";

/**
 * /browse: one page of one list (gigs, games, creators, live sessions; each in app/features/catalogue/lists/)
 * with the filter form's facets, in one D1 batch. The list queries are re-exported here for the JSON API
 * reads (./reads.server.ts) and the other pages.
 */
export {
  gamesCountQuery,
  gamesListQuery,
  gigsCountQuery,
  gigsListQuery,
  liveCountQuery,
  liveListQuery,
  type Page,
  streamersCountQuery,
  streamersListQuery,
  toPage,
};

/** Everything the filter form offers: platforms (Android and iOS merged), games, live-session tags. */
export function platformOptionsQuery(db: Db) {
  return db
    .select({ id: platforms.id, key: platforms.platformIdName, name: platforms.platformName })
    .from(platforms)
    .orderBy(asc(platforms.sortOrder), asc(platforms.platformName));
}

export function gameOptionsQuery(db: Db) {
  return db.select({ id: games.id, name: games.name }).from(games).orderBy(sql`${games.name} COLLATE NOCASE`);
}

/** Tags of the sessions live now (a handful), for the tag chips. */
export function liveTagOptionsQuery(db: Db) {
  return db
    .selectDistinct({ tag: liveSessionTags.tag })
    .from(liveSessions)
    .innerJoin(liveSessionTags, eq(liveSessionTags.liveSessionId, liveSessions.id))
    .where(isNull(liveSessions.endedAt))
    .orderBy(asc(liveSessionTags.tag))
    .limit(30);
}

export type PlatformOption = { key: string; name: string };

/** Android and iOS are shown as one choice (docs/domain.md). */
export function mergePlatformOptions(rows: { key: string; name: string }[]): PlatformOption[] {
  const options: PlatformOption[] = [];
  for (const row of rows) {
    if (row.key === "ios" && rows.some((other) => other.key === "android")) continue;
    if (row.key === "android" && rows.some((other) => other.key === "ios")) {
      options.push({ key: "android", name: "Android / iOS" });
      continue;
    }
    options.push({ key: row.key, name: row.name });
  }
  return options;
}

export type GigCard = Awaited<ReturnType<typeof gigsListQuery>>[number];
export type GameCard = Awaited<ReturnType<typeof gamesListQuery>>[number];
export type StreamerCard = Awaited<ReturnType<typeof streamersListQuery>>[number];
export type LiveCard = Awaited<ReturnType<typeof liveListQuery>>[number];

export type BrowseList =
  | { filter: "gigs"; page: Page<GigCard> }
  | { filter: "games"; page: Page<GameCard> }
  | { filter: "creators"; page: Page<StreamerCard> }
  | { filter: "live"; page: Page<LiveCard> };

/** "Favourites only" lists the viewer's own favourites, so it needs a login (401): one rule, page and API. */
export function assertMayFilterFavourites(query: { isFavClicked?: boolean }, viewerId: string | null): void {
  if (query.isFavClicked && !viewerId) throw unauthorized();
}

/**
 * The /browse page: the list and the filter form's options and the exchange rate, in ONE D1 round trip.
 * With the site gate's configuration read before it, that is two round trips for a visitor, and three for
 * a logged-in viewer (plus the session lookup): the budget is three at most, and
 * tests/integration/round-trips.test.ts counts them.
 */

export async function getBrowsePage(db: Db, query: BrowseQuery, viewerId: string | null) {
  assertMayFilterFavourites(query, viewerId);
  const facets = [
    platformOptionsQuery(db),
    gameOptionsQuery(db),
    liveTagOptionsQuery(db),
    usdInrRateQuery(db),
  ] as const;
  let list: BrowseList;
  let platformRows: { key: string; name: string }[];
  let gameRows: { id: string; name: string }[];
  let tagRows: { tag: string }[];
  let rateRows: { rateMicros: number; fetchedAt: Date }[];
  switch (query.filter) {
    case "gigs": {
      const [rows, ...rest] = await db.batch([gigsListQuery(db, query, viewerId), ...facets]);
      list = { filter: "gigs", page: toPage(rows, query, "gigs") };
      [platformRows, gameRows, tagRows, rateRows] = rest;
      break;
    }
    case "games": {
      const [rows, ...rest] = await db.batch([gamesListQuery(db, query, viewerId), ...facets]);
      list = { filter: "games", page: toPage(rows, query, "games") };
      [platformRows, gameRows, tagRows, rateRows] = rest;
      break;
    }
    case "creators": {
      const [rows, ...rest] = await db.batch([streamersListQuery(db, query, viewerId), ...facets]);
      list = { filter: "creators", page: toPage(rows, query, "creators") };
      [platformRows, gameRows, tagRows, rateRows] = rest;
      break;
    }
    case "live": {
      const [rows, ...rest] = await db.batch([liveListQuery(db, query, viewerId), ...facets]);
      list = { filter: "live", page: toPage(rows, query, "live") };
      [platformRows, gameRows, tagRows, rateRows] = rest;
      break;
    }
  }
  return {
    list,
    platforms: mergePlatformOptions(platformRows),
    games: gameRows,
    tags: tagRows.map((row) => row.tag),
    usdInrRateMicros: rateRows[0]?.rateMicros ?? null,
    usdInrFetchedAt: rateRows[0]?.fetchedAt ?? null,
  };
}
