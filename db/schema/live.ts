/**
 * Live sessions and their queues (regular and VIP lanes).
 *
 * Invariants carried here:
 * - a streamer has at most one live session at a time: partial UNIQUE index on
 *   influencer_id WHERE ended_at IS NULL (go-live is an INSERT that fails if one is open);
 * - the mode is a mode of the game and the platform one the game runs on (composite FKs, as
 *   for gigs); title is 1..66 characters; the VIP price is list_price_minor in base_currency, exactly as
 *   the streamer set it (within PRICE_BOUNDS_MINOR, app/lib/price-bounds.ts, as migration 0019's triggers
 *   check), and price_minor its USD figure at the rate of the day (docs/decisions/020-prices-in-the-streamers-currency.md);
 * - a streaming session has a link (CHECK);
 * - queue entries: one ACTIVE entry (waiting, playing_next, in_game) per user per session, by a
 *   partial UNIQUE index; a user may rejoin after leaving;
 * - a VIP place is paid and a regular place is free: order_id is set exactly for the VIP
 *   lane, UNIQUE, and the order is a vip_queue order for the same session and user:
 *   FK (order_id, live_session_id, user_id) -> orders(id, live_session_id, user_id);
 * - order of service is the session's turn rule (VIP before regular, or one regular after every
 *   `vip_per_regular` VIP places; app/features/live/turns.ts), each lane by `position`: a per-session
 *   counter assigned by the session's Durable Object (its only writer) in join order, UNIQUE per session.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  foreignKey,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { gameModes, gamePlatforms, games, platforms } from "./catalogue";
import { bool, createdAt, currency, enumCheck, id, inList, type Requirement, timestamp, updatedAt } from "./columns";
import { BASE_CURRENCIES, JOIN_SOURCES, TITLE_MAX } from "./constants";
import { streamerProfiles } from "./influencers";
import { orders } from "./orders";
import { users } from "./users";

export const liveSessions = sqliteTable(
  "live_sessions",
  {
    id: id(),
    streamerId: text("influencer_id")
      .notNull()
      .references((): AnySQLiteColumn => streamerProfiles.userId, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "restrict" }),
    gameModeId: text("game_mode_id").notNull(),
    platformId: text("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "restrict" }),
    /** Price of a VIP place in USD minor units at the rate of the day it was set (comparable figure only). */
    priceMinor: integer("price_minor").notNull(),
    currency: currency().default("USD"),
    /** THE price of a VIP place, exactly as the streamer set it, in minor units of base_currency. */
    listPriceMinor: integer("list_price_minor").notNull().default(0),
    baseCurrency: text("base_currency", { enum: BASE_CURRENCIES }).notNull().default("USD"),
    isStreaming: bool("is_streaming").notNull().default(false),
    /** Normalised embed URL (YouTube, or Twitch with channel and parent parameters). */
    streamingLink: text("streaming_link"),
    requirements: text("requirements", { mode: "json" }).$type<Requirement[]>().notNull().default([]),
    bannerUrl: text("banner_url"),
    bannerKey: text("banner_key"),
    /** The API's defaultThumbnail / defaultFileName. */
    thumbnailUrl: text("thumbnail_url"),
    thumbnailKey: text("thumbnail_key"),
    /** The order of service: one regular turn after every this many VIP turns (1..10); null: VIP places first. */
    vipPerRegular: integer("vip_per_regular"),
    /** Turns that must finish after a fan's last before they may rejoin the regular lane (0: none). */
    rejoinCooldown: integer("rejoin_cooldown").notNull().default(0),
    /** How long a called fan has to confirm they are ready, in seconds (30..600; checked by the use case). */
    readySeconds: integer("ready_seconds").notNull().default(120),
    /** A VIP fan who misses their ready check: "keep" (moved back, never removed) or "remove" (removed, refunded). */
    vipMissed: text("vip_missed", { enum: ["keep", "remove"] })
      .notNull()
      .default("keep"),
    startedAt: timestamp("started_at").notNull(),
    endedAt: timestamp("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("live_sessions_one_open_per_influencer_unique").on(t.streamerId).where(sql`ended_at IS NULL`),
    foreignKey({
      name: "live_sessions_game_mode_fk",
      columns: [t.gameModeId, t.gameId],
      foreignColumns: [gameModes.id, gameModes.gameId],
    }).onDelete("restrict"),
    foreignKey({
      name: "live_sessions_game_platform_fk",
      columns: [t.gameId, t.platformId],
      foreignColumns: [gamePlatforms.gameId, gamePlatforms.platformId],
    }).onDelete("restrict"),
    // Parent key for orders(live_session_id, influencer_id).
    unique("live_sessions_id_influencer_unique").on(t.id, t.streamerId),
    check("live_sessions_title_check", sql`length(${t.title}) BETWEEN 1 AND ${sql.raw(String(TITLE_MAX))}`),
    check("live_sessions_price_check", sql`${t.priceMinor} > 0`),
    check("live_sessions_currency_check", sql`${t.currency} = 'USD'`),
    enumCheck("live_sessions_base_currency_check", t.baseCurrency, BASE_CURRENCIES),
    check("live_sessions_streaming_check", sql`${t.isStreaming} = 0 OR ${t.streamingLink} IS NOT NULL`),
    check("live_sessions_ended_check", sql`${t.endedAt} IS NULL OR ${t.endedAt} >= ${t.startedAt}`),
    // Sessions live now (landing, browse "live" filter, search LIVE tags).
    index("live_sessions_open_idx").on(t.startedAt).where(sql`ended_at IS NULL`),
    // An influencer's sessions, newest first.
    index("live_sessions_influencer_started_idx").on(t.streamerId, t.startedAt),
  ],
);

export const liveSessionTags = sqliteTable(
  "live_session_tags",
  {
    liveSessionId: text("live_session_id")
      .notNull()
      .references(() => liveSessions.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [
    primaryKey({ name: "live_session_tags_pk", columns: [t.liveSessionId, t.tag] }),
    check("live_session_tags_tag_check", sql`length(${t.tag}) BETWEEN 1 AND 40 AND ${t.tag} = trim(${t.tag})`),
    index("live_session_tags_tag_idx").on(t.tag),
  ],
);

export const QUEUE_LANES = ["regular", "vip"] as const;
export type QueueLane = (typeof QUEUE_LANES)[number];
export const QUEUE_STATES = ["waiting", "playing_next", "in_game", "done", "left", "removed", "refunded"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export const ACTIVE_QUEUE_STATES = ["waiting", "playing_next", "in_game"] as const satisfies readonly QueueState[];

export const queueEntries = sqliteTable(
  "queue_entries",
  {
    id: id(),
    liveSessionId: text("live_session_id")
      .notNull()
      .references(() => liveSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lane: text("lane", { enum: QUEUE_LANES }).notNull(),
    state: text("state", { enum: QUEUE_STATES }).notNull().default("waiting"),
    /** Join order within the session, assigned by the session's Durable Object. */
    position: integer("position").notNull(),
    orderId: text("order_id").unique(),
    gamertag: text("gamertag"),
    joinedAt: timestamp("joined_at").notNull(),
    /** When the fan went in game: with `finishedAt` of a done place, the length of their turn (the wait estimate). */
    inGameAt: timestamp("in_game_at"),
    /** When the entry reached done, left, removed or refunded. */
    finishedAt: timestamp("finished_at"),
    /** While called and not confirmed yet: when the ready check runs out (the session's object's alarm). */
    readyDeadline: timestamp("ready_deadline"),
    /** When the fan confirmed their current ready check. */
    readyConfirmedAt: timestamp("ready_confirmed_at"),
    /** Ready checks this place has missed. */
    readyMisses: integer("ready_misses").notNull().default(0),
    /** Its place in its lane once moved back by a missed ready check (else `position` orders it). */
    lineKey: real("line_key"),
    /** Called as one of a party pick ("call the next N"): a missed ready check is backfilled from the line. */
    party: bool("party").notNull().default(false),
    /**
     * Where the place was joined from: the site, Twitch chat or Discord (docs/decisions/028). Its CHECK is written
     * in the column's ADD COLUMN (migration 0031) rather than as a table CHECK, which drizzle-kit would add by
     * rebuilding the table that queue_events references.
     */
    source: text("source", { enum: JOIN_SOURCES }).notNull().default("web"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("queue_entries_one_active_per_user_unique")
      .on(t.liveSessionId, t.userId)
      .where(inList(sql.raw("state"), ACTIVE_QUEUE_STATES)),
    unique("queue_entries_session_position_unique").on(t.liveSessionId, t.position),
    foreignKey({
      name: "queue_entries_order_fk",
      columns: [t.orderId, t.liveSessionId, t.userId],
      foreignColumns: [orders.id, orders.liveSessionId, orders.userId],
    }).onDelete("restrict"),
    enumCheck("queue_entries_lane_check", t.lane, QUEUE_LANES),
    enumCheck("queue_entries_state_check", t.state, QUEUE_STATES),
    check("queue_entries_vip_paid_check", sql`(${t.lane} = 'vip') = (${t.orderId} IS NOT NULL)`),
    check("queue_entries_position_check", sql`${t.position} >= 1`),
    check("queue_entries_finished_check", sql`(${inList(t.state, ACTIVE_QUEUE_STATES)}) = (${t.finishedAt} IS NULL)`),
    // The queues of a session, lane by lane, state by state, in join order.
    index("queue_entries_session_lane_state_idx").on(t.liveSessionId, t.lane, t.state, t.position),
    // "Live queues I joined", newest first.
    index("queue_entries_user_joined_idx").on(t.userId, t.joinedAt),
  ],
);

/** The steps of a queue place, as the session's history shows them: its ready checks and how it ended. */
export const QUEUE_EVENT_KINDS = [
  "called",
  "confirmed",
  "moved_back",
  "removed",
  "refunded",
  "played",
  "left",
] as const;
export type QueueEventKind = (typeof QUEUE_EVENT_KINDS)[number];
/**
 * Why a place was moved back, removed or refunded: a missed ready check (the fan was not on the page, or was and did
 * not confirm), the streamer's skip or removal, or the session's end.
 */
export const QUEUE_EVENT_CAUSES = ["absent", "not_confirmed", "skipped", "streamer", "session_ended"] as const;
export type QueueEventCause = (typeof QUEUE_EVENT_CAUSES)[number];

/**
 * A live session's history: each step of a ready check (called, confirmed, missed and moved back, removed, refunded),
 * append-only, written in the batch of the change it records. `line` is the place a moved-back fan went to; a refund
 * carries its amount.
 */
export const queueEvents = sqliteTable(
  "queue_events",
  {
    id: id(),
    liveSessionId: text("live_session_id")
      .notNull()
      .references(() => liveSessions.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => queueEntries.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUEUE_EVENT_KINDS }).notNull(),
    cause: text("cause", { enum: QUEUE_EVENT_CAUSES }),
    line: integer("line"),
    refundMinor: integer("refund_minor"),
    currency: text("currency"),
    at: timestamp("at").notNull(),
  },
  (t) => [
    enumCheck("queue_events_kind_check", t.kind, QUEUE_EVENT_KINDS),
    enumCheck("queue_events_cause_check", t.cause, QUEUE_EVENT_CAUSES),
    index("queue_events_session_at_idx").on(t.liveSessionId, t.at),
    index("queue_events_user_idx").on(t.userId, t.liveSessionId, t.at),
  ],
);

export type LiveSession = typeof liveSessions.$inferSelect;
export type NewLiveSession = typeof liveSessions.$inferInsert;
export type LiveSessionTag = typeof liveSessionTags.$inferSelect;
export type QueueEntry = typeof queueEntries.$inferSelect;
export type NewQueueEntry = typeof queueEntries.$inferInsert;
