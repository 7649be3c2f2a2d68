/**
 * Products, called gigs in the UI: a paid session format an influencer offers
 * (game, mode, platform, price), booked through slots.
 *
 * Invariants carried here:
 * - the owner is an influencer (FK to influencer_profiles);
 * - title is 1..66 characters (TITLE_MAX; docs/domain.md, "Constants"), CHECK on length();
 * - the mode is a mode of the gig's game: FK (game_mode_id, game_id) -> game_modes(id, game_id);
 * - the platform is one the game runs on: FK (game_id, platform_id) -> game_platforms;
 * - the price is list_price_minor in base_currency, exactly as the streamer set it (the price viewers in
 *   that currency see and pay; others see it converted once, app/lib/money.ts `priceIn`), within its currency's
 *   bounds (app/lib/price-bounds.ts `PRICE_BOUNDS_MINOR`): checked by the gig form schema (page and API alike), by
 *   the use case, and by migration 0019's triggers with the same numbers;
 * - price_minor (currency = 'USD', > 0) is the same price in USD at the rate of the day it was set: the one
 *   comparable figure across currencies, for sorting and filtering by price only, never shown or charged
 *   (docs/decisions/020-prices-in-the-streamers-currency.md);
 * - tags are unique per gig (primary key (product_id, tag)), trimmed and non-empty;
 * - archived gigs keep their row (archived_at set): orders and slots still point at them.
 *
 * Browse lists only non-archived gigs, so its indexes are partial (WHERE archived_at IS NULL),
 * one per sort order (popularity, price, date, alphabetical, rating) and per filter
 * (game, platform).
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { gameModes, gamePlatforms, games, platforms } from "./catalogue";
import { createdAt, currency, enumCheck, id, type Requirement, timestamp, updatedAt } from "./columns";
import { BASE_CURRENCIES, TITLE_MAX } from "./constants";
import { streamerProfiles } from "./influencers";

const notArchived = sql`archived_at IS NULL`;

export const gigs = sqliteTable(
  "products",
  {
    id: id(),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "restrict" }),
    gameModeId: text("game_mode_id").notNull(),
    platformId: text("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "restrict" }),
    /** The price in USD minor units at the rate of the day it was set: for sorting by price only. */
    priceMinor: integer("price_minor").notNull(),
    currency: currency().default("USD"),
    /** THE price, exactly as the streamer set it, in minor units of base_currency. */
    listPriceMinor: integer("list_price_minor").notNull().default(0),
    /** The streamer's currency: the currency of list_price_minor. */
    baseCurrency: text("base_currency", { enum: BASE_CURRENCIES }).notNull().default("USD"),
    requirements: text("requirements", { mode: "json" }).$type<Requirement[]>().notNull().default([]),
    /**
     * How long one of its sessions lasts, in minutes, as the streamer set it: each new slot lasts this long. Null
     * (gigs from before it was asked) means the game mode's length.
     */
    sessionMinutes: integer("session_minutes"),
    coverImageUrl: text("cover_image_url"),
    coverImageKey: text("cover_image_key"),
    archivedAt: timestamp("archived_at"),
    /** Ranking score for "most popular gigs"; maintained by jobs. */
    popularity: integer("popularity").notNull().default(0),
    /** Paid bookings so far; incremented in the fulfilment batch. */
    bookingCount: integer("booking_count").notNull().default(0),
    /**
     * Its visible reviews (db/schema/reviews.ts): how many, the sum of their stars, and the average times 100
     * (rounded; 0 with none), for sorting /browse by rating. Kept by the reviews table's triggers only.
     */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    ratingScore: integer("rating_score").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "products_game_mode_fk",
      columns: [t.gameModeId, t.gameId],
      foreignColumns: [gameModes.id, gameModes.gameId],
    }).onDelete("restrict"),
    foreignKey({
      name: "products_game_platform_fk",
      columns: [t.gameId, t.platformId],
      foreignColumns: [gamePlatforms.gameId, gamePlatforms.platformId],
    }).onDelete("restrict"),
    // Parent key for slots(product_id, influencer_id): a slot's gig belongs to the slot's influencer.
    unique("products_id_influencer_unique").on(t.id, t.streamerId),
    check("products_title_check", sql`length(${t.title}) BETWEEN 1 AND ${sql.raw(String(TITLE_MAX))}`),
    check("products_price_check", sql`${t.priceMinor} > 0`),
    check("products_currency_check", sql`${t.currency} = 'USD'`),
    enumCheck("products_base_currency_check", t.baseCurrency, BASE_CURRENCIES),
    check("products_counts_check", sql`${t.popularity} >= 0 AND ${t.bookingCount} >= 0`),
    // Influencer dashboard: active and inactive (archived) gigs, newest first.
    index("products_influencer_idx").on(t.streamerId, t.archivedAt, t.createdAt),
    // Browse (non-archived only).
    index("products_active_popularity_idx").on(t.popularity).where(notArchived),
    index("products_active_created_idx").on(t.createdAt).where(notArchived),
    index("products_active_price_idx").on(t.priceMinor).where(notArchived),
    // Alphabetical sort is case-insensitive (ORDER BY title COLLATE NOCASE).
    index("products_active_title_idx").on(sql`${t.title} COLLATE NOCASE`).where(notArchived),
    index("products_active_game_idx").on(t.gameId, t.popularity).where(notArchived),
    index("products_active_platform_idx").on(t.platformId, t.popularity).where(notArchived),
    index("products_active_rating_idx").on(t.ratingScore, t.ratingCount).where(notArchived),
  ],
);

export const gigTags = sqliteTable(
  "product_tags",
  {
    gigId: text("product_id")
      .notNull()
      .references(() => gigs.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [
    primaryKey({ name: "product_tags_pk", columns: [t.gigId, t.tag] }),
    check("product_tags_tag_check", sql`length(${t.tag}) BETWEEN 1 AND 40 AND ${t.tag} = trim(${t.tag})`),
    // Filter gigs by tag (selectedTags) and list hashtags.
    index("product_tags_tag_idx").on(t.tag),
  ],
);

export type Gig = typeof gigs.$inferSelect;
export type NewGig = typeof gigs.$inferInsert;
export type GigTag = typeof gigTags.$inferSelect;
