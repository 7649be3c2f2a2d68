import { and, asc, count, eq, inArray, isNull, type SQL, type Subquery, sql } from "drizzle-orm";
import { usdInrRateQuery } from "~/features/currency/rate-query.server";
import { gamesFts, matches, productsFts, rowidOf, starsFts } from "~/features/search/fts.server";
import { toMatchQuery } from "~/features/search/query";
import { unauthorized } from "~/lib/errors";
import { col, type Db } from "~/platform/db.server";
import {
  favouriteGames,
  favouriteGigs,
  favouriteStars,
  gamePlatforms,
  games,
  influencerProfiles,
  liveSessions,
  liveSessionTags,
  platforms,
  products,
  users,
} from "../../../db/schema";
import {
  activeGig,
  gameCardColumns,
  gigCardColumns,
  gigGameJoin,
  gigProfileJoin,
  gigStarJoin,
  gigsWithAllTags,
  liveCardColumns,
  liveSessionsWithAllTags,
  liveStars,
  onPlatform,
  starActive,
  starCardColumns,
  starInCountry,
  starJoin,
  starOfProfession,
  starsWithTaggedGigs,
} from "./columns.server";
import {
  type BrowseFilter,
  type BrowseQuery,
  type CreatorsQuery,
  type GamesQuery,
  type GigSort,
  type GigsQuery,
  type LiveQuery,
  pageLimit,
} from "./schema";

/**
 * The browse lists (gigs, games, creators, live sessions) with their filters and sorts. Each list is a
 * query builder, so a page can send it in one D1 batch with whatever else it shows; `fetchList` runs one
 * alone (the JSON API). Every sort ends on the table's rowid, so pages never overlap or skip a row, and
 * every sort is served by an index (see tests/integration/query-plans.test.ts).
 *
 * A page asks for limit + 1 rows: the extra row only says whether there is a next page.
 */
type Order = SQL[];

/** `SELECT count(*)` over a list's rows (SQLite flattens the subquery and skips the unused columns). */
function countOf(db: Db, list: { as: (alias: string) => Subquery }) {
  return db.select({ total: count() }).from(list.as("matching"));
}

function pageWindow(filter: BrowseFilter, query: { page: number; limit?: number }) {
  const limit = pageLimit(filter, query.limit);
  return { limit, offset: (query.page - 1) * limit };
}

function direction(
  sort: GigSort | "relevance",
  rank: SQL,
  columns: Record<"title" | "popularity" | "price" | "date", SQL>,
  rowid: SQL,
): Order {
  switch (sort) {
    case "alphabetically":
      return [sql`${columns.title} COLLATE NOCASE`, sql`${rowid}`];
    case "lowToHigh":
      return [sql`${columns.price} ASC`, sql`${rowid} ASC`];
    case "highToLow":
      return [sql`${columns.price} DESC`, sql`${rowid} DESC`];
    case "date":
      return [sql`${columns.date} DESC`, sql`${rowid} DESC`];
    case "relevance":
      return [sql`${rank}`, sql`${rowid}`];
    default:
      return [sql`${columns.popularity} DESC`, sql`${rowid} DESC`];
  }
}

/** Default order: relevance while searching, else popularity. */
function effectiveSort<S extends GigSort>(sortBy: S | undefined, match: string | null): S | "relevance" {
  return sortBy ?? (match ? "relevance" : ("popularity" as S));
}

// ---------------------------------------------------------------- gigs

function gigsFilter(db: Db, query: GigsQuery, viewerId: string | null, match: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [activeGig, starActive(products.influencerId)];
  // The (game, popularity) and (platform, popularity) indexes serve the popularity order. For any other
  // order the game and platform are checked as rows come off that order's index (`+column`): one of a
  // dozen games or six platforms matches often enough that a page fills quickly, whereas looking the rows
  // up by game or platform would sort thousands of gigs for every page.
  const indexed = effectiveSort(query.sortBy, match) === "popularity";
  if (query.selectedGame) {
    conditions.push(
      indexed ? eq(products.gameId, query.selectedGame) : sql`+${col(products.gameId)} = ${query.selectedGame}`,
    );
  }
  if (query.platform) conditions.push(onPlatform(products.platformId, query.platform, indexed));
  if (query.country) conditions.push(starInCountry(products.influencerId, query.country));
  if (query.profession) conditions.push(starOfProfession(products.influencerId, query.profession));
  // Gigs of the stars live now: looked up from those few stars, not found by reading every gig.
  if (query.isLiveClicked) conditions.push(inArray(products.influencerId, liveStars(db)));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            products.id,
            db.select({ id: favouriteGigs.productId }).from(favouriteGigs).where(eq(favouriteGigs.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) conditions.push(inArray(products.id, gigsWithAllTags(db, query.selectedTags)));
  if (match) conditions.push(matches(productsFts, match));
  return and(...conditions);
}

/**
 * A page of gigs keeps the gig as the outer loop (gig*Join), so it is read in an index's order. A count has
 * no order and visits every match: there the planner may start from the influencers' index instead.
 */
function gigsFrom(db: Db, viewerId: string | null, match: string | null, purpose: "page" | "count" = "page") {
  const page = purpose === "page";
  const base = db
    .select(gigCardColumns(viewerId))
    .from(products)
    .$dynamic()
    .innerJoin(users, page ? gigStarJoin : eq(users.id, products.influencerId))
    .innerJoin(influencerProfiles, page ? gigProfileJoin : eq(influencerProfiles.userId, products.influencerId))
    .innerJoin(games, page ? gigGameJoin : eq(games.id, products.gameId));
  return match ? base.innerJoin(productsFts, eq(productsFts.rowid, rowidOf.products)) : base;
}

export function gigsListQuery(db: Db, query: GigsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("gigs", query);
  const order = direction(
    effectiveSort(query.sortBy, match),
    sql`${productsFts.rank}`,
    {
      title: sql`${products.title}`,
      popularity: sql`${products.popularity}`,
      price: sql`${products.priceMinor}`,
      date: sql`${products.createdAt}`,
    },
    rowidOf.products,
  );
  return gigsFrom(db, viewerId, match)
    .where(gigsFilter(db, query, viewerId, match))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function gigsCountQuery(db: Db, query: GigsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  // Counting visits every matching gig, in no order. Gig owners are influencers: saying so lets a plan
  // that starts from users walk an influencer index instead of every user.
  return countOf(
    db,
    gigsFrom(db, viewerId, match, "count").where(
      and(gigsFilter(db, query, viewerId, match), eq(users.isInfluencer, true)),
    ),
  );
}

// ---------------------------------------------------------------- games

function gamesFilter(db: Db, query: GamesQuery, viewerId: string | null, match: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.platform) {
    conditions.push(
      inArray(
        games.id,
        db
          .select({ id: gamePlatforms.gameId })
          .from(gamePlatforms)
          .where(onPlatform(gamePlatforms.platformId, query.platform)),
      ),
    );
  }
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            games.id,
            db.select({ id: favouriteGames.gameId }).from(favouriteGames).where(eq(favouriteGames.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (match) conditions.push(matches(gamesFts, match));
  return and(...conditions);
}

function gamesFrom(db: Db, viewerId: string | null, match: string | null) {
  const base = db.select(gameCardColumns(viewerId)).from(games).$dynamic();
  return match ? base.innerJoin(gamesFts, eq(gamesFts.rowid, rowidOf.games)) : base;
}

export function gamesListQuery(db: Db, query: GamesQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("games", query);
  const order = direction(
    effectiveSort(query.sortBy, match),
    sql`${gamesFts.rank}`,
    {
      title: sql`${games.name}`,
      popularity: sql`${games.popularity}`,
      price: sql`${games.popularity}`,
      date: sql`${games.createdAt}`,
    },
    rowidOf.games,
  );
  return gamesFrom(db, viewerId, match)
    .where(gamesFilter(db, query, viewerId, match))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function gamesCountQuery(db: Db, query: GamesQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  return countOf(db, gamesFrom(db, viewerId, match).where(gamesFilter(db, query, viewerId, match)));
}

// ---------------------------------------------------------------- creators

function creatorsFilter(db: Db, query: CreatorsQuery, viewerId: string | null, match: string | null) {
  const conditions: (SQL | undefined)[] = [starActive(influencerProfiles.userId)];
  if (query.country) conditions.push(eq(users.country, query.country));
  if (query.profession) conditions.push(eq(influencerProfiles.profession, query.profession));
  if (query.isLiveClicked) conditions.push(inArray(influencerProfiles.userId, liveStars(db)));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            influencerProfiles.userId,
            db
              .select({ id: favouriteStars.influencerId })
              .from(favouriteStars)
              .where(eq(favouriteStars.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) {
    conditions.push(inArray(influencerProfiles.userId, starsWithTaggedGigs(db, query.selectedTags)));
  }
  if (match) conditions.push(matches(starsFts, match));
  return and(...conditions);
}

function creatorsFrom(db: Db, viewerId: string | null, match: string | null, from: "profiles" | "users" | "either") {
  const base = db
    .select(starCardColumns(viewerId))
    .from(influencerProfiles)
    .$dynamic()
    .innerJoin(users, starJoin(match ? "either" : from));
  return match ? base.innerJoin(starsFts, eq(starsFts.rowid, rowidOf.influencerProfiles)) : base;
}

export function creatorsListQuery(db: Db, query: CreatorsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("creators", query);
  const sort = effectiveSort(query.sortBy, match);
  // Alphabetical order walks the users index (is_influencer, full_name); the others the profiles' indexes.
  const rowid = sort === "alphabetically" ? sql`${users}.rowid` : rowidOf.influencerProfiles;
  const order = direction(
    sort,
    sql`${starsFts.rank}`,
    {
      title: sql`${users.fullName}`,
      popularity: sql`${influencerProfiles.popularity}`,
      price: sql`${influencerProfiles.popularity}`,
      date: sql`${influencerProfiles.createdAt}`,
    },
    rowid,
  );
  // is_influencer = 1 is implied by having a profile. Saying it lets the (is_influencer, full_name) and
  // (is_influencer, country) indexes serve the alphabetical order and the country filter; for the other
  // orders it would tempt the planner away from the profiles' own indexes.
  const viaUsers = sort === "alphabetically" || !!query.country;
  return creatorsFrom(db, viewerId, match, viaUsers ? "users" : "profiles")
    .where(and(creatorsFilter(db, query, viewerId, match), viaUsers ? eq(users.isInfluencer, true) : undefined))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function creatorsCountQuery(db: Db, query: CreatorsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  return countOf(
    db,
    creatorsFrom(db, viewerId, match, "either").where(
      and(creatorsFilter(db, query, viewerId, match), eq(users.isInfluencer, true)),
    ),
  );
}

// ---------------------------------------------------------------- live sessions

function liveFilter(db: Db, query: LiveQuery, viewerId: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(liveSessions.endedAt), starActive(liveSessions.influencerId)];
  if (query.selectedGame) conditions.push(eq(liveSessions.gameId, query.selectedGame));
  if (query.platform) conditions.push(onPlatform(liveSessions.platformId, query.platform));
  if (query.country) conditions.push(eq(users.country, query.country));
  if (query.profession) conditions.push(eq(influencerProfiles.profession, query.profession));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            liveSessions.influencerId,
            db
              .select({ id: favouriteStars.influencerId })
              .from(favouriteStars)
              .where(eq(favouriteStars.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) {
    conditions.push(inArray(liveSessions.id, liveSessionsWithAllTags(db, query.selectedTags)));
  }
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  if (match) {
    // A live session is found by its star's name or its game's name.
    conditions.push(
      sql`(${rowidOf.influencerProfiles} IN (SELECT rowid FROM ${starsFts} WHERE ${matches(starsFts, match)}) OR ${rowidOf.games} IN (SELECT rowid FROM ${gamesFts} WHERE ${matches(gamesFts, match)}))`,
    );
  }
  return and(...conditions);
}

function liveFrom(db: Db, viewerId: string | null) {
  return (
    db
      .select(liveCardColumns(viewerId))
      .from(liveSessions)
      .$dynamic()
      // The star points at their open session (users.live_session_id, set with it by go-live): joining on it
      // lets either side drive the join through a live-only index, never a scan of all users.
      .innerJoin(users, eq(users.liveSessionId, liveSessions.id))
      .innerJoin(influencerProfiles, eq(influencerProfiles.userId, liveSessions.influencerId))
      .innerJoin(games, eq(games.id, liveSessions.gameId))
  );
}

export function liveListQuery(db: Db, query: LiveQuery, viewerId: string | null) {
  const { limit, offset } = pageWindow("live", query);
  const order = direction(
    query.sortBy ?? "date",
    sql`0`,
    {
      title: sql`${liveSessions.title}`,
      popularity: sql`${influencerProfiles.popularity}`,
      price: sql`${liveSessions.priceMinor}`,
      date: sql`${liveSessions.startedAt}`,
    },
    sql`${liveSessions}.rowid`,
  );
  return liveFrom(db, viewerId)
    .where(liveFilter(db, query, viewerId))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function liveCountQuery(db: Db, query: LiveQuery, viewerId: string | null) {
  return countOf(db, liveFrom(db, viewerId).where(liveFilter(db, query, viewerId)));
}

// ---------------------------------------------------------------- facets and pages

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

/** Android and iOS are shown as one choice (SPEC.md section 3). */
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

export type Page<T> = { items: T[]; page: number; limit: number; hasMore: boolean };

export function toPage<T>(rows: T[], query: { page: number; limit?: number }, filter: BrowseFilter): Page<T> {
  const limit = pageLimit(filter, query.limit);
  return { items: rows.slice(0, limit), page: query.page, limit, hasMore: rows.length > limit };
}

export type GigCard = Awaited<ReturnType<typeof gigsListQuery>>[number];
export type GameCard = Awaited<ReturnType<typeof gamesListQuery>>[number];
export type StarCard = Awaited<ReturnType<typeof creatorsListQuery>>[number];
export type LiveCard = Awaited<ReturnType<typeof liveListQuery>>[number];

export type BrowseList =
  | { filter: "gigs"; page: Page<GigCard> }
  | { filter: "games"; page: Page<GameCard> }
  | { filter: "creators"; page: Page<StarCard> }
  | { filter: "live"; page: Page<LiveCard> };

/**
 * The /browse page: the list and the filter form's options and the exchange rate, in ONE D1 round trip.
 * With the viewer's session lookup that makes two per page (SPEC budget: three).
 */
/** "Favourites only" lists the viewer's own favourites, so it needs a login (401): one rule, page and API. */
export function assertMayFilterFavourites(query: { isFavClicked?: boolean }, viewerId: string | null): void {
  if (query.isFavClicked && !viewerId) throw unauthorized();
}

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
  let rateRows: { rateMicros: number }[];
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
      const [rows, ...rest] = await db.batch([creatorsListQuery(db, query, viewerId), ...facets]);
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
  };
}

/** One list with its total (the Paginated* API), in one batch. */
export async function fetchCounted<T>(
  db: Db,
  list: PromiseLike<T[]> & Parameters<Db["batch"]>[0][number],
  total: PromiseLike<{ total: number }[]> & Parameters<Db["batch"]>[0][number],
) {
  const [rows, totals] = (await db.batch([list, total])) as [T[], { total: number }[]];
  return { rows, total: totals[0]?.total ?? 0 };
}
