import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { favouriteGames, favouriteGigs, favouriteStars, games, gigs, streamerProfiles, users } from "~db/schema";
import { gameCardColumns, gigCardColumns, streamerCardColumns } from "../columns.server";

/** GET /api/get_allfavorites answers at most this many of each kind, newest first. */
const FAVOURITES_LIST_MAX = 500;

/** A fan's favourite gigs, streamers and games, as the catalogue's cards (the favourites page and its API). */
export function favouriteGigsQuery(db: Db, userId: string) {
  return db
    .select(gigCardColumns(userId))
    .from(favouriteGigs)
    .innerJoin(gigs, eq(gigs.id, favouriteGigs.gigId))
    .innerJoin(users, eq(users.id, gigs.streamerId))
    .innerJoin(games, eq(games.id, gigs.gameId))
    .where(and(eq(favouriteGigs.userId, userId), isNull(gigs.archivedAt)))
    .orderBy(desc(favouriteGigs.createdAt))
    .limit(FAVOURITES_LIST_MAX);
}

export function favouriteStarsQuery(db: Db, userId: string) {
  return db
    .select(streamerCardColumns(userId))
    .from(favouriteStars)
    .innerJoin(streamerProfiles, eq(streamerProfiles.userId, favouriteStars.streamerId))
    .innerJoin(users, eq(users.id, favouriteStars.streamerId))
    .where(eq(favouriteStars.userId, userId))
    .orderBy(desc(favouriteStars.createdAt))
    .limit(FAVOURITES_LIST_MAX);
}

export function favouriteGamesQuery(db: Db, userId: string) {
  return db
    .select(gameCardColumns(userId))
    .from(favouriteGames)
    .innerJoin(games, eq(games.id, favouriteGames.gameId))
    .where(eq(favouriteGames.userId, userId))
    .orderBy(desc(favouriteGames.createdAt))
    .limit(FAVOURITES_LIST_MAX);
}

/** All of a user's favourites, newest first, in one D1 round trip. */
export async function listFavourites(db: Db, userId: string) {
  const [gigRows, streamerRows, gameRows] = await db.batch([
    favouriteGigsQuery(db, userId),
    favouriteStarsQuery(db, userId),
    favouriteGamesQuery(db, userId),
  ]);
  return { gigs: gigRows, streamers: streamerRows, games: gameRows };
}
