/**
 * Catalogue managed by staff: games, their modes, platforms, which platforms a game runs on,
 * and landing-page banners.
 *
 * Invariants carried here:
 * - a game's slug and a platform's platform_id_name are unique;
 * - a mode belongs to one game, its name is unique within the game, its duration and
 *   player count are positive. game_modes(id, game_id) is UNIQUE so that gigs and live
 *   sessions can reference (game_mode_id, game_id) together: the mode must be a mode of the
 *   chosen game;
 * - game_platforms is the (game, platform) pair set; gigs and live sessions reference
 *   (game_id, platform_id) in it, so a gig is only offered on a platform the game runs on,
 *   and a platform cannot be removed from a game while gigs use it.
 */
import { type SQLWrapper, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";

/**
 * NULL or a #rrggbb colour. (D1 refuses LIKE/GLOB patterns over 50 bytes, so the check is
 * "7 characters, a '#', then no non-hex character" rather than one long GLOB.)
 */
const hexColor = (column: SQLWrapper) =>
  sql`${column} IS NULL OR (length(${column}) = 7 AND substr(${column}, 1, 1) = '#' AND substr(${column}, 2) NOT GLOB '*[^0-9A-Fa-f]*')`;

export const games = sqliteTable(
  "games",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    crossplatform: bool("crossplatform").notNull().default(false),
    showLanding: bool("show_landing").notNull().default(false),
    /** Cover art: public URL and its R2 key in the media bucket (the API's image.url / image.filename). */
    imageUrl: text("image_url"),
    imageFilename: text("image_filename"),
    gameLogo: text("game_logo"),
    primaryColor: text("primary_color"),
    secondaryColor: text("secondary_color"),
    alternatColor: text("alternat_color"),
    popularity: integer("popularity").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("games_primary_color_check", hexColor(t.primaryColor)),
    check("games_secondary_color_check", hexColor(t.secondaryColor)),
    check("games_alternat_color_check", hexColor(t.alternatColor)),
    index("games_landing_idx").on(t.showLanding, t.popularity),
    index("games_popularity_idx").on(t.popularity),
    index("games_name_idx").on(sql`${t.name} COLLATE NOCASE`),
  ],
);

export const gameModes = sqliteTable(
  "game_modes",
  {
    id: id(),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Fan seats in one session of this mode; the default seat count of a slot. */
    noOfPlayers: integer("no_of_players").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique("game_modes_game_name_unique").on(t.gameId, t.name),
    // Parent key for the composite foreign keys (game_mode_id, game_id) of gigs and live sessions.
    unique("game_modes_id_game_unique").on(t.id, t.gameId),
    check("game_modes_duration_check", sql`${t.durationMinutes} BETWEEN 1 AND 1440`),
    check("game_modes_players_check", sql`${t.noOfPlayers} BETWEEN 1 AND 100`),
  ],
);

export const platforms = sqliteTable("platforms", {
  id: id(),
  /** Display name: PlayStation, Nintendo Switch, XBOX, PC, Android, iOS. */
  platformName: text("platform_name").notNull(),
  /** Stable machine name, e.g. "playstation", "nintendo-switch". */
  platformIdName: text("platform_id_name").notNull().unique(),
  platformIcon: text("platform_icon"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const gamePlatforms = sqliteTable(
  "game_platforms",
  {
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    platformId: text("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ name: "game_platforms_pk", columns: [t.gameId, t.platformId] }),
    // Browse games by platform.
    index("game_platforms_platform_idx").on(t.platformId),
  ],
);

export const banners = sqliteTable(
  "banners",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    imageKey: text("image_key"),
    linkUrl: text("link_url"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("banners_active_sort_idx").on(t.isActive, t.sortOrder)],
);

export type Game = typeof games.$inferSelect;
export type NewGame = typeof games.$inferInsert;
export type GameMode = typeof gameModes.$inferSelect;
export type NewGameMode = typeof gameModes.$inferInsert;
export type Platform = typeof platforms.$inferSelect;
export type NewPlatform = typeof platforms.$inferInsert;
export type GamePlatform = typeof gamePlatforms.$inferSelect;
export type Banner = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
