/**
 * Authentication: passwords, OAuth links, sessions, refresh tokens, one-time codes, rate limits.
 *
 * Invariants carried here:
 * - one password per user (credentials.user_id is the primary key);
 * - an OAuth identity (provider, provider_user_id) links to exactly one user (UNIQUE);
 * - refresh-token rotation with reuse detection: every token belongs to a family; at most one
 *   token per family is live (unused and unrevoked), by a partial UNIQUE index. Rotation is
 *   one batch: `UPDATE ... SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL`
 *   then the INSERT of the successor. Presenting a token whose used_at is set is reuse:
 *   revoke the whole family;
 * - one-time codes store only hashes (token_hash UNIQUE, code_hash), are single use
 *   (`UPDATE ... SET used_at WHERE used_at IS NULL`) and count failed attempts;
 * - rate_limit_hits has one row per (key, window): increments are an UPSERT on the
 *   primary key, so concurrent hits cannot create two counters.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id, type JsonValue, timestamp, updatedAt } from "./columns";
import { users } from "./users";

export const credentials = sqliteTable("credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Format from app/features/auth/password.server.ts: pbkdf2-sha256$<iter>$<salt>$<hash>. */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const OAUTH_PROVIDERS = ["discord", "google"] as const;

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: OAUTH_PROVIDERS }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    /** The email the provider reported, if any (may differ from users.email). */
    providerEmail: text("provider_email"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("oauth_accounts_provider_user_unique").on(t.provider, t.providerUserId),
    index("oauth_accounts_user_idx").on(t.userId),
    enumCheck("oauth_accounts_provider_check", t.provider, OAUTH_PROVIDERS),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** Random id carried (signed) in the HttpOnly session cookie. */
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId, t.createdAt),
    index("sessions_expires_idx").on(t.expiresAt),
    check("sessions_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    /** All tokens descending from one login share a family id. */
    familyId: text("family_id").notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one live token per family: rotation must consume the old token first.
    uniqueIndex("refresh_tokens_family_live_unique").on(t.familyId).where(sql`used_at IS NULL AND revoked_at IS NULL`),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const ONE_TIME_CODE_PURPOSES = [
  "verify_email",
  "reset_password",
  "change_email",
  "streamer_setup",
  "social_handoff",
  "close_account",
] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

export const oneTimeCodes = sqliteTable(
  "one_time_codes",
  {
    id: id(),
    purpose: text("purpose", { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The address the code was sent to (the NEW address for change_email), lower case. */
    email: text("email"),
    /** SHA-256 of the link token (the :token of /signup/verify/:token, /reset-password/:token...). */
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 of the short numeric code typed by the user, when the purpose has one. */
    codeHash: text("code_hash"),
    /** Small purpose-specific data, e.g. the session to hand over after a social login. */
    payload: text("payload", { mode: "json" }).$type<JsonValue>(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("one_time_codes_purpose_check", t.purpose, ONE_TIME_CODE_PURPOSES),
    check("one_time_codes_attempts_check", sql`${t.attempts} >= 0`),
    check("one_time_codes_email_lower_check", sql`${t.email} IS NULL OR ${t.email} = lower(${t.email})`),
    index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    index("one_time_codes_email_purpose_idx").on(t.email, t.purpose, t.createdAt),
    index("one_time_codes_expires_idx").on(t.expiresAt),
  ],
);

export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    /** e.g. "login:ip:203.0.113.7" or "otp:email:a@b.c". */
    key: text("key").notNull(),
    windowStart: timestamp("window_start").notNull(),
    count: integer("count").notNull().default(1),
  },
  (t) => [
    primaryKey({ name: "rate_limit_hits_pk", columns: [t.key, t.windowStart] }),
    check("rate_limit_hits_count_check", sql`${t.count} >= 1`),
    index("rate_limit_hits_window_idx").on(t.windowStart),
  ],
);

export type Credential = typeof credentials.$inferSelect;
export type OauthAccount = typeof oauthAccounts.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type OneTimeCode = typeof oneTimeCodes.$inferSelect;
export type RateLimitHit = typeof rateLimitHits.$inferSelect;
