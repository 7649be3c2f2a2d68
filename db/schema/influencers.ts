/**
 * Influencer (star / streamer) profiles. One row per influencer user.
 *
 * Invariants carried here:
 * - the profile's primary key is the user id (one profile per user);
 * - every table that belongs to an influencer (products, slots, live sessions, payouts,
 *   orders, scoped promo codes, favourite stars, bank details) references this table rather
 *   than users, so only a user with a profile can own them;
 * - platform_fee_bps is basis points (2000 = 20%) between 0 and 10000;
 * - is_verified (onboarding verified by staff) is what payouts require.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, timestamp, updatedAt } from "./columns";
import { PROFESSIONS } from "./constants";
import { users } from "./users";

/** The default platform fee, 20% (docs/domain.md, "Constants"). */
export const DEFAULT_PLATFORM_FEE_BPS = 2000;

export const streamerProfiles = sqliteTable(
  "influencer_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    profession: text("profession", { enum: PROFESSIONS }).notNull().default("Streamer"),
    showAtLanding: bool("show_at_landing").notNull().default(false),
    platformFeeBps: integer("platform_fee_bps").notNull().default(DEFAULT_PLATFORM_FEE_BPS),
    /** Ranking score for "most popular stars" (bookings, favourites, views); maintained by jobs. */
    popularity: integer("popularity").notNull().default(0),
    /** Visible reviews of their sessions (db/schema/reviews.ts): how many and their stars' sum; kept by its triggers. */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    isVerified: bool("is_verified").notNull().default(false),
    verifiedAt: timestamp("verified_at"),
    discordBotEnabled: bool("discord_bot_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("influencer_profiles_profession_check", t.profession, PROFESSIONS),
    check("influencer_profiles_fee_check", sql`${t.platformFeeBps} BETWEEN 0 AND 10000`),
    check("influencer_profiles_verified_check", sql`${t.isVerified} = (${t.verifiedAt} IS NOT NULL)`),
    index("influencer_profiles_landing_idx").on(t.showAtLanding, t.popularity),
    index("influencer_profiles_popularity_idx").on(t.popularity),
    index("influencer_profiles_profession_idx").on(t.profession, t.popularity),
    // Browse creators by "date" (newest first).
    index("influencer_profiles_created_idx").on(t.createdAt),
  ],
);

export type StreamerProfile = typeof streamerProfiles.$inferSelect;
export type NewStreamerProfile = typeof streamerProfiles.$inferInsert;
