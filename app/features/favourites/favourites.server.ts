import { and, eq, isNull, sql } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { favouriteGames, favouriteGigs, favouriteStars, games, gigs, streamerProfiles } from "~db/schema";
import { type FavouriteKind, favouriteToast } from "./kinds";

const NOT_FOUND: Record<FavouriteKind, string> = {
  gig: "Gig not found",
  star: "Star not found",
  game: "Game not found",
};

/**
 * Adds a favourite. The pair is the table's primary key, so the write is one conditional insert
 * (`INSERT ... SELECT ... WHERE the target exists ... ON CONFLICT DO NOTHING`): adding twice is a no-op and
 * nothing is checked before writing. The same batch reads whether the target exists: when it does not, throws
 * a 404 AppError (nothing was written).
 */
async function addFavourite(env: Env, userId: string, kind: FavouriteKind, id: string): Promise<void> {
  const db = getDb(env);
  // The user id and the time as selected constants of the INSERT ... SELECT.
  const viewer = sql<string>`${userId}`.as("user_id");
  const at = sql<Date>`${Date.now()}`.as("created_at");
  let exists: { id: string }[];
  switch (kind) {
    case "gig":
      [, exists] = await db.batch([
        db
          .insert(favouriteGigs)
          .select(
            db
              .select({ userId: viewer, gigId: gigs.id, createdAt: at })
              .from(gigs)
              .where(and(eq(gigs.id, id), isNull(gigs.archivedAt))),
          )
          .onConflictDoNothing(),
        db
          .select({ id: gigs.id })
          .from(gigs)
          .where(and(eq(gigs.id, id), sql`${gigs.archivedAt} IS NULL`)),
      ]);
      break;
    case "star":
      [, exists] = await db.batch([
        db
          .insert(favouriteStars)
          .select(
            db
              .select({ userId: viewer, streamerId: streamerProfiles.userId, createdAt: at })
              .from(streamerProfiles)
              .where(eq(streamerProfiles.userId, id)),
          )
          .onConflictDoNothing(),
        db.select({ id: streamerProfiles.userId }).from(streamerProfiles).where(eq(streamerProfiles.userId, id)),
      ]);
      break;
    case "game":
      [, exists] = await db.batch([
        db
          .insert(favouriteGames)
          .select(db.select({ userId: viewer, gameId: games.id, createdAt: at }).from(games).where(eq(games.id, id)))
          .onConflictDoNothing(),
        db.select({ id: games.id }).from(games).where(eq(games.id, id)),
      ]);
      break;
  }
  if (exists.length === 0) throw notFound(NOT_FOUND[kind]);
}

/** Removes a favourite; removing one that is not there is a no-op. */
async function removeFavourite(env: Env, userId: string, kind: FavouriteKind, id: string): Promise<void> {
  const db = getDb(env);
  switch (kind) {
    case "gig":
      await db.delete(favouriteGigs).where(and(eq(favouriteGigs.userId, userId), eq(favouriteGigs.gigId, id)));
      break;
    case "star":
      await db.delete(favouriteStars).where(and(eq(favouriteStars.userId, userId), eq(favouriteStars.streamerId, id)));
      break;
    case "game":
      await db.delete(favouriteGames).where(and(eq(favouriteGames.userId, userId), eq(favouriteGames.gameId, id)));
      break;
  }
}

/** Adds or removes one favourite of the viewer's; answers the docs/domain.md toast for the change. */
export async function setFavourite(env: Env, userId: string, kind: FavouriteKind, id: string, favourite: boolean) {
  await (favourite ? addFavourite : removeFavourite)(env, userId, kind, id);
  return favouriteToast(kind, favourite);
}
