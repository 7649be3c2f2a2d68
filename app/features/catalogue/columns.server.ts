import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { col, type Db, named } from "~/platform/db.server";
import {
  favouriteGames,
  favouriteGigs,
  favouriteStars,
  games,
  influencerProfiles,
  liveSessions,
  liveSessionTags,
  platforms,
  products,
  productTags,
  users,
} from "../../../db/schema";
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

export const gigTags = sql<
  string[]
>`(SELECT json_group_array(${productTags.tag}) FROM ${productTags} WHERE ${productTags.productId} = ${products.id})`.mapWith(
  jsonList,
);

export const liveTags = sql<
  string[]
>`(SELECT json_group_array(${liveSessionTags.tag}) FROM ${liveSessionTags} WHERE ${liveSessionTags.liveSessionId} = ${liveSessions.id})`.mapWith(
  jsonList,
);

export function isFavouriteGig(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteGigs} WHERE ${col(favouriteGigs.userId)} = ${viewerId} AND ${col(favouriteGigs.productId)} = ${col(products.id)})`.mapWith(
    Boolean,
  );
}

export function isFavouriteStar(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteStars} WHERE ${col(favouriteStars.userId)} = ${viewerId} AND ${col(favouriteStars.influencerId)} = ${col(users.id)})`.mapWith(
    Boolean,
  );
}

export function isFavouriteGame(viewerId: string | null) {
  if (!viewerId) return no;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favouriteGames} WHERE ${col(favouriteGames.userId)} = ${viewerId} AND ${col(favouriteGames.gameId)} = ${col(games.id)})`.mapWith(
    Boolean,
  );
}

/** A gig card: the gig, its game and its star. Needs products JOIN users JOIN games. */
export function gigCardColumns(viewerId: string | null) {
  return named({
    id: products.id,
    title: products.title,
    description: products.description,
    gameId: products.gameId,
    gameModeId: products.gameModeId,
    platformId: products.platformId,
    priceMinor: products.priceMinor,
    baseCurrency: products.baseCurrency,
    requirements: products.requirements,
    coverImageUrl: products.coverImageUrl,
    popularity: products.popularity,
    createdAt: products.createdAt,
    gameName: games.name,
    starId: users.id,
    starName: users.fullName,
    starUsername: users.username,
    starPictureUrl: users.pictureUrl,
    starLiveSessionId: users.liveSessionId,
    tags: gigTags,
    isFavourite: isFavouriteGig(viewerId),
  });
}

/** A star card. Needs influencer_profiles JOIN users. */
export function starCardColumns(viewerId: string | null) {
  return named({
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    pictureUrl: users.pictureUrl,
    bio: users.bio,
    country: users.country,
    liveSessionId: users.liveSessionId,
    socialLinks: users.socialLinks,
    profession: influencerProfiles.profession,
    popularity: influencerProfiles.popularity,
    createdAt: influencerProfiles.createdAt,
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
    baseCurrency: liveSessions.baseCurrency,
    isStreaming: liveSessions.isStreaming,
    streamingLink: liveSessions.streamingLink,
    requirements: liveSessions.requirements,
    bannerUrl: liveSessions.bannerUrl,
    thumbnailUrl: liveSessions.thumbnailUrl,
    startedAt: liveSessions.startedAt,
    gameName: games.name,
    starId: users.id,
    starName: users.fullName,
    starUsername: users.username,
    starPictureUrl: users.pictureUrl,
    tags: liveTags,
    isFavouriteStar: isFavouriteStar(viewerId),
  });
}

/** `column IN (ids of the platforms a filter value names)`; Android and iOS select each other. */
export function onPlatform(db: Db, column: AnySQLiteColumn, platform: string): SQL {
  return inArray(
    column,
    db
      .select({ id: platforms.id })
      .from(platforms)
      .where(inArray(platforms.platformIdName, [...platformKeys(platform)])),
  );
}

/** `column IN (gigs carrying every one of the tags)`. */
export function gigsWithAllTags(db: Db, tags: string[]) {
  return db
    .select({ id: productTags.productId })
    .from(productTags)
    .where(inArray(productTags.tag, tags))
    .groupBy(productTags.productId)
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

/** Stars with at least one active gig carrying every one of the tags. */
export function starsWithTaggedGigs(db: Db, tags: string[]) {
  return db
    .select({ id: products.influencerId })
    .from(products)
    .where(and(isNull(products.archivedAt), inArray(products.id, gigsWithAllTags(db, tags))));
}

export const activeGig = isNull(products.archivedAt);
/**
 * The star's account is active (not banned). Nearly every star is, and `likely()` tells SQLite so: without
 * it the planner may think the condition selective and start a list from a scan of all users.
 */
export const starIsActive = sql`likely(${col(users.isActive)} = 1)`;
