/**
 * Users and their gamer tags.
 *
 * Invariants carried here:
 * - email is unique and stored lower-case (NULL until captured for some social logins);
 * - username is unique case-insensitively (unique index on lower(username));
 * - role is one of the five roles (CHECK); staff are role <> 'user';
 * - base_currency is DERIVED from country (INR for IN, else USD; docs/domain.md, "Constants") as a
 *   generated column, so the two can never disagree;
 * - is_live is DERIVED from live_session_id (generated column): a user is live exactly when
 *   they point at their open live session. The go-live / end-session batch sets or clears
 *   live_session_id together with live_sessions.ended_at.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  sqliteTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { BASE_CURRENCIES } from "./constants";
import { liveSessions } from "./live";

export const USER_ROLES = ["user", "admin", "developer", "marketing", "finance"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const STAFF_ROLES = ["admin", "developer", "marketing", "finance"] as const satisfies readonly UserRole[];

/** Social links keyed by network, e.g. { twitch: "https://twitch.tv/...", youtube: "..." }. */
export type SocialLinks = Record<string, string>;

export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    fullName: text("full_name").notNull().default(""),
    email: text("email").unique(),
    emailVerifiedAt: timestamp("email_verified_at"),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    isActive: bool("is_active").notNull().default(true),
    isStreamer: bool("is_influencer").notNull().default(false),
    /** The open live session, if any. Cleared (SET NULL) if that session row is deleted. */
    liveSessionId: text("live_session_id").references((): AnySQLiteColumn => liveSessions.id, {
      onDelete: "set null",
    }),
    isLive: integer("is_live", { mode: "boolean" }).generatedAlwaysAs((): SQL => sql`(live_session_id IS NOT NULL)`, {
      mode: "virtual",
    }),
    /** ISO 3166-1 alpha-2, upper case; NULL until captured (/country-capture). */
    country: text("country"),
    baseCurrency: text("base_currency", { enum: BASE_CURRENCIES }).generatedAlwaysAs(
      (): SQL => sql`(CASE WHEN country = 'IN' THEN 'INR' ELSE 'USD' END)`,
      { mode: "virtual" },
    ),
    /**
     * The IANA zone the user reads times in (docs/decisions/019-viewer-time-zone.md): taken from the browser at
     * sign-up, editable on the profile; NULL means "not saved" (the client-hint cookie, then Cloudflare's zone).
     */
    timeZone: text("time_zone"),
    bio: text("bio"),
    socialLinks: text("social_links", { mode: "json" }).$type<SocialLinks>().notNull().default({}),
    /** R2 key in the public media bucket when the picture was uploaded here. */
    pictureKey: text("picture_key"),
    /** Absolute URL when the picture comes from Discord or Google. */
    pictureUrl: text("picture_url"),
    lastIp: text("last_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    enumCheck("users_role_check", t.role, USER_ROLES),
    check("users_email_lower_check", sql`${t.email} IS NULL OR ${t.email} = lower(${t.email})`),
    check("users_username_check", sql`length(${t.username}) BETWEEN 2 AND 32`),
    check(
      "users_country_check",
      sql`${t.country} IS NULL OR (length(${t.country}) = 2 AND ${t.country} = upper(${t.country}))`,
    ),
    // Creators browse (filter by country), admin influencer list (sort by full name).
    index("users_influencer_country_idx").on(t.isStreamer, t.country),
    // Case-insensitive alphabetical order (ORDER BY full_name COLLATE NOCASE).
    index("users_influencer_full_name_idx").on(t.isStreamer, sql`${t.fullName} COLLATE NOCASE`),
    index("users_role_idx").on(t.role),
    index("users_live_idx").on(t.liveSessionId).where(sql`${t.liveSessionId} IS NOT NULL`),
  ],
);

/** Networks a gamer tag can belong to (the account the fan plays with). */
export const GAMERTAG_PLATFORMS = [
  "playstation",
  "xbox",
  "nintendo",
  "steam",
  "epic",
  "riot",
  "battlenet",
  "ea",
  "activision",
  "minecraft",
  "discord",
  "other",
] as const;

export const userGamertags = sqliteTable(
  "user_gamertags",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: GAMERTAG_PLATFORMS }).notNull(),
    tag: text("tag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The same tag is not saved twice for one network; the unique index also serves "tags of user".
    unique("user_gamertags_user_platform_tag_unique").on(t.userId, t.platform, t.tag),
    enumCheck("user_gamertags_platform_check", t.platform, GAMERTAG_PLATFORMS),
    check("user_gamertags_tag_check", sql`length(${t.tag}) BETWEEN 1 AND 64`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserGamertag = typeof userGamertags.$inferSelect;
export type NewUserGamertag = typeof userGamertags.$inferInsert;
