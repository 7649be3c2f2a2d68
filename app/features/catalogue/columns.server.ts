import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { col, type Db, named } from "~/platform/db.server";
import {
  favouriteGames,
  favouriteGigs,
  favouriteStars,
  games,
  gigs,
  gigTags,
  liveSessions,
  liveSessionTags,
  platforms,
  streamerProfiles,
  users,
} from "~db/schema";
import { platformKeys } from "./schema";

/**
 * Column sets and small SQL pieces shared by the catalogue's queries (browse lists, landing, star, gig and
 * game views), so a card shows the same fields wherever it appears.
 */
const jsonList = (value: unknown): string[] => {
  if (typeof value !== "string") return [];
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
};

const no = sql<boolean>`0`.mapWith(Boolean);

const gigTagList = sql<
  string[]
>`(SELECT json_group_array(${gigTags.tag}) FROM ${gigTags} WHERE ${col(gigTags.gigId)} = ${col(gigs.id)})`.mapWith(
  jsonList,
);

const liveTagList = sql<
  string[]
>`(SELECT json_group_array(${liveSessionTags.tag}) FROM ${liveSessionTags} WHERE ${col(liveSessionTags.liveSessionId)} = ${col(liveSessions.id)})`.mapWith(
  jsonList,
);

function isFavouriteGig(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteGigs} WHERE ${col(favouriteGigs.userId)} = ${viewerId} AND ${col(favouriteGigs.gigId)} = ${col(gigs.id)})`.mapWith(
    Boolean,
  );
}

function isFavouriteStar(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteStars} WHERE ${col(favouriteStars.userId)} = ${viewerId} AND ${col(favouriteStars.streamerId)} = ${col(users.id)})`.mapWith(
    Boolean,
  );
}

function isFavouriteGame(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteGames} WHERE ${col(favouriteGames.userId)} = ${viewerId} AND ${col(favouriteGames.gameId)} = ${col(games.id)})`.mapWith(
    Boolean,
  );
}

/** A gig card: the gig, its game and its star. Needs products JOIN users JOIN games. */
export function gigCardColumns(viewerId: string | null) {
  return named({
    id: gigs.id,
    title: gigs.title,
    description: gigs.description,
    gameId: gigs.gameId,
    gameModeId: gigs.gameModeId,
    platformId: gigs.platformId,
    priceMinor: gigs.priceMinor,
    listPriceMinor: gigs.listPriceMinor,
    baseCurrency: gigs.baseCurrency,
    requirements: gigs.requirements,
    coverImageUrl: gigs.coverImageUrl,
    popularity: gigs.popularity,
    createdAt: gigs.createdAt,
    ratingCount: gigs.ratingCount,
    ratingTotal: gigs.ratingTotal,
    gameName: games.name,
    streamerId: users.id,
    streamerName: users.fullName,
    streamerUsername: users.username,
    streamerPictureUrl: users.pictureUrl,
    streamerLiveSessionId: users.liveSessionId,
    tags: gigTagList,
    isFavourite: isFavouriteGig(viewerId),
  });
}

/** A star card. Needs influencer_profiles JOIN users. */
export function streamerCardColumns(viewerId: string | null) {
  return named({
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    pictureUrl: users.pictureUrl,
    bio: users.bio,
    country: users.country,
    liveSessionId: users.liveSessionId,
    socialLinks: users.socialLinks,
    profession: streamerProfiles.profession,
    popularity: streamerProfiles.popularity,
    createdAt: streamerProfiles.createdAt,
    ratingCount: streamerProfiles.ratingCount,
    ratingTotal: streamerProfiles.ratingTotal,
    isFavourite: isFavouriteStar(viewerId),
  });
}

/** A game card. */
export function gameCardColumns(viewerId: string | null) {
  return named({
    id: games.id,
    name: games.name,
    description: games.description,
    crossplatform: games.crossplatform,
    showLanding: games.showLanding,
    imageUrl: games.imageUrl,
    imageFilename: games.imageFilename,
    gameLogo: games.gameLogo,
    primaryColor: games.primaryColor,
    secondaryColor: games.secondaryColor,
    alternatColor: games.alternatColor,
    popularity: games.popularity,
    createdAt: games.createdAt,
    isFavourite: isFavouriteGame(viewerId),
  });
}

/** A live-session card. Needs live_sessions JOIN users JOIN games. */
export function liveCardColumns(viewerId: string | null) {
  return named({
    id: liveSessions.id,
    title: liveSessions.title,
    description: liveSessions.description,
    gameId: liveSessions.gameId,
    gameModeId: liveSessions.gameModeId,
    platformId: liveSessions.platformId,
    priceMinor: liveSessions.priceMinor,
    listPriceMinor: liveSessions.listPriceMinor,
    baseCurrency: liveSessions.baseCurrency,
    isStreaming: liveSessions.isStreaming,
    streamingLink: liveSessions.streamingLink,
    requirements: liveSessions.requirements,
    bannerUrl: liveSessions.bannerUrl,
    thumbnailUrl: liveSessions.thumbnailUrl,
    startedAt: liveSessions.startedAt,
    gameName: games.name,
    streamerId: users.id,
    streamerName: users.fullName,
    streamerUsername: users.username,
    streamerPictureUrl: users.pictureUrl,
    tags: liveTagList,
    isFavouriteStar: isFavouriteStar(viewerId),
  });
}

/**
 * `column = (the platform's id)`, or `column IN (...)` for Android and iOS, which select each other. A single
 * platform is an equality, so an index on (platform, order column) can serve the order as well. Otherwise
 * the column is written `+column`, so SQLite does not look rows up by it but checks each row as it comes
 * off the order's index (see gigsFilter).
 */
export function onPlatform(column: AnySQLiteColumn, platform: string, indexed = true): SQL {
  const keys = platformKeys(platform);
  // Two platforms cannot keep an index's order anyway: always check them row by row.
  const target = indexed && keys.length === 1 ? col(column) : sql`+${col(column)}`;
  if (keys.length === 1) {
    return sql`${target} = (SELECT ${col(platforms.id)} FROM ${platforms} WHERE ${col(platforms.platformIdName)} = ${keys[0]})`;
  }
  return sql`${target} IN (SELECT ${col(platforms.id)} FROM ${platforms} WHERE ${col(platforms.platformIdName)} IN (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}))`;
}

/** `column IN (gigs carrying every one of the tags)`. */
export function gigsWithAllTags(db: Db, tags: string[]) {
  return db
    .select({ id: gigTags.gigId })
    .from(gigTags)
    .where(inArray(gigTags.tag, tags))
    .groupBy(gigTags.gigId)
    .having(sql`count(*) = ${tags.length}`);
}

/** Live sessions carrying every one of the tags. */
export function liveSessionsWithAllTags(db: Db, tags: string[]) {
  return db
    .select({ id: liveSessionTags.liveSessionId })
    .from(liveSessionTags)
    .where(inArray(liveSessionTags.tag, tags))
    .groupBy(liveSessionTags.liveSessionId)
    .having(sql`count(*) = ${tags.length}`);
}

/** The stars live now (a handful, through the partial index on users.live_session_id). */
export function liveStars(db: Db) {
  return db.select({ id: users.id }).from(users).where(isNotNull(users.liveSessionId));
}

/** Stars with at least one active gig carrying every one of the tags. */
export function streamersWithTaggedGigs(db: Db, tags: string[]) {
  return db
    .select({ id: gigs.streamerId })
    .from(gigs)
    .where(and(isNull(gigs.archivedAt), inArray(gigs.id, gigsWithAllTags(db, tags))));
}

export const activeGig = isNull(gigs.archivedAt);

/**
 * Join conditions that keep the gig as the outer loop of a list: `users.id = +products.influencer_id`. The
 * unary + stops SQLite from using the gig's column to look gigs up from the other side, so a page is read
 * in the order of a products index and stops at the page's end. Without it, a planner with statistics
 * starts from the dozen games (or from the stars) and sorts every gig for each page.
 */
export const gigStarJoin = eq(users.id, sql`+${col(gigs.streamerId)}`);
export const gigProfileJoin = eq(streamerProfiles.userId, sql`+${col(gigs.streamerId)}`);
export const gigGameJoin = eq(games.id, sql`+${col(gigs.gameId)}`);

/**
 * How a creators list joins users: read from the profiles (popularity, date), from users (name order,
 * country filter), or either way (a search, where the search index leads).
 */
export function streamerJoin(from: "profiles" | "users" | "either") {
  if (from === "profiles") return eq(users.id, sql`+${col(streamerProfiles.userId)}`);
  if (from === "users") return eq(streamerProfiles.userId, sql`+${col(users.id)}`);
  return eq(users.id, streamerProfiles.userId);
}

/**
 * Conditions on a row's star (the owner column: products.influencer_id, influencer_profiles.user_id, ...),
 * written as a lookup of that star by primary key rather than as a condition on the joined users or
 * profiles row. With planner statistics, a condition on the joined table makes SQLite build a Bloom filter
 * over every user before reading the first gig (10 ms on 75,000 users, a hundred times the page itself).
 */
export function streamerActive(owner: AnySQLiteColumn): SQL {
  return sql`(SELECT ${col(users.isActive)} FROM ${users} WHERE ${col(users.id)} = ${col(owner)}) = 1`;
}

export function streamerInCountry(owner: AnySQLiteColumn, country: string): SQL {
  return sql`(SELECT ${col(users.country)} FROM ${users} WHERE ${col(users.id)} = ${col(owner)}) = ${country}`;
}

export function streamerOfProfession(owner: AnySQLiteColumn, profession: string): SQL {
  return sql`(SELECT ${col(streamerProfiles.profession)} FROM ${streamerProfiles} WHERE ${col(streamerProfiles.userId)} = ${col(owner)}) = ${profession}`;
}
