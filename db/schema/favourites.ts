/**
 * Favourites: gigs, stars and games a user follows.
 *
 * Invariants carried here: a pair is saved once (primary key (user_id, target)), so a
 * repeated "add" is a no-op (`INSERT ... ON CONFLICT DO NOTHING`); rows go with either side.
 * The target-side index serves counts and the fan-out "who follows this star" when a star
 * goes live or adds slots.
 */
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games } from "./catalogue";
import { createdAt } from "./columns";
import { gigs } from "./gigs";
import { streamerProfiles } from "./influencers";
import { users } from "./users";

const userId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const favouriteGigs = sqliteTable(
  "favourite_gigs",
  {
    userId: userId(),
    gigId: text("product_id")
      .notNull()
      .references(() => gigs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "favourite_gigs_pk", columns: [t.userId, t.gigId] }),
    index("favourite_gigs_product_idx").on(t.gigId),
  ],
);

export const favouriteStars = sqliteTable(
  "favourite_stars",
  {
    userId: userId(),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "favourite_stars_pk", columns: [t.userId, t.streamerId] }),
    index("favourite_stars_influencer_idx").on(t.streamerId),
  ],
);

export const favouriteGames = sqliteTable(
  "favourite_games",
  {
    userId: userId(),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "favourite_games_pk", columns: [t.userId, t.gameId] }),
    index("favourite_games_game_idx").on(t.gameId),
  ],
);

export type FavouriteGig = typeof favouriteGigs.$inferSelect;
export type FavouriteStar = typeof favouriteStars.$inferSelect;
export type FavouriteGame = typeof favouriteGames.$inferSelect;
