/**
 * Joining a live queue from chat (docs/domain.md "Chat places"; docs/decisions/028-chat-places-and-identities.md).
 *
 * Invariants carried here:
 * - a chat identity is one viewer of one platform: UNIQUE (platform, platform_user_id);
 * - every identity has its own account-less user row (`shadow_user_id`, made with it, never signed in to: no email,
 *   no password), which holds its queue places until the fan links the identity to their Noobrd account
 *   (`user_id`); a linked identity queues as that account, so one fan across platforms has one place, one cooldown
 *   and one ban;
 * - an account links at most one identity per platform: UNIQUE (platform, user_id) where linked;
 * - a streamer connects at most one Twitch channel and one Discord server (UNIQUE (streamer_id, platform)), and a
 *   channel or server belongs to one streamer (UNIQUE (platform, channel_id));
 * - a chat delivery's message id is kept once (its primary key), so a delivery Twitch repeats is dropped;
 * - platform and state are CHECKed.
 */
import { sql } from "drizzle-orm";
import { index, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { CHAT_PLATFORMS } from "./constants";
import { users } from "./users";

export const chatIdentities = sqliteTable(
  "chat_identities",
  {
    id: id(),
    platform: text("platform", { enum: CHAT_PLATFORMS }).notNull(),
    /** Twitch's user id / Discord's user id (snowflake), as the platform sends it. */
    platformUserId: text("platform_user_id").notNull(),
    /** The chat name last seen (Twitch display name, Discord global or user name). */
    displayName: text("display_name").notNull(),
    /** The identity's own account-less user row: its queue places until linked. */
    shadowUserId: text("shadow_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Noobrd account the fan linked it to (from their profile); then it queues as that account. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    linkedAt: timestamp("linked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("chat_identities_platform_user_unique").on(t.platform, t.platformUserId),
    uniqueIndex("chat_identities_platform_account_unique").on(t.platform, t.userId).where(sql`${t.userId} IS NOT NULL`),
    enumCheck("chat_identities_platform_check", t.platform, CHAT_PLATFORMS),
  ],
);

export const CHAT_CONNECTION_STATES = ["connected", "broken"] as const;
export type ChatConnectionState = (typeof CHAT_CONNECTION_STATES)[number];

/** A streamer's Twitch channel or Discord server, connected from the dashboard. */
export const chatConnections = sqliteTable(
  "chat_connections",
  {
    id: id(),
    streamerId: text("streamer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: CHAT_PLATFORMS }).notNull(),
    /** Twitch: the broadcaster's user id; Discord: the server (guild) id. */
    channelId: text("channel_id").notNull(),
    /** Twitch: the channel's login; Discord: the server's name. */
    channelName: text("channel_name").notNull(),
    /** The streamer turns the commands on or off per platform. */
    commandsOn: bool("commands_on").notNull().default(true),
    state: text("state", { enum: CHAT_CONNECTION_STATES }).notNull().default("connected"),
    /** Why the connection broke (Twitch's revocation status, e.g. "authorization_revoked"). */
    brokenReason: text("broken_reason"),
    /** Twitch: the EventSub subscription's id. */
    subscriptionId: text("subscription_id"),
    /** Discord: the role whose members may /next and /remove. */
    modRoleId: text("mod_role_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("chat_connections_streamer_platform_unique").on(t.streamerId, t.platform),
    unique("chat_connections_platform_channel_unique").on(t.platform, t.channelId),
    enumCheck("chat_connections_platform_check", t.platform, CHAT_PLATFORMS),
    enumCheck("chat_connections_state_check", t.state, CHAT_CONNECTION_STATES),
    index("chat_connections_subscription_idx").on(t.subscriptionId),
  ],
);

/** Chat deliveries already handled, by `<platform>:<message id>`: a repeated delivery is dropped. */
export const chatDeliveries = sqliteTable(
  "chat_deliveries",
  {
    id: text("id").primaryKey(),
    receivedAt: timestamp("received_at").notNull(),
  },
  (t) => [index("chat_deliveries_received_idx").on(t.receivedAt)],
);

export type ChatIdentity = typeof chatIdentities.$inferSelect;
export type ChatConnection = typeof chatConnections.$inferSelect;
