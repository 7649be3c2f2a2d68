/**
 * In-app notifications, Discord notification preferences and e-mail unsubscribes.
 *
 * Invariants carried here:
 * - a notification belongs to one user and is deleted with them; its type is CHECKed;
 * - one preferences row per user (user_id primary key); absent row = defaults;
 * - an unsubscribed address is listed once (email UNIQUE, lower case).
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, updatedAt } from "./columns";
import { streamerProfiles } from "./influencers";
import { users } from "./users";

export const NOTIFICATION_TYPES = [
  "live", // a favourite star went live
  "new_slots", // a favourite star added slots
  "booking", // a booking was confirmed, cancelled or refunded
  "queue", // your turn is coming in a live queue
  "lobby_code", // a lobby code was shared for your slot
  "promotion",
  "system",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    image: text("image"),
    url: text("url"),
    /** The star the notification is about (the API's _influencer_id, shown with their avatar). */
    streamerId: text("influencer_id").references(() => streamerProfiles.userId, { onDelete: "set null" }),
    isRead: bool("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("notifications_type_check", t.type, NOTIFICATION_TYPES),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId).where(sql`is_read = 0`),
  ],
);

export const discordPreferences = sqliteTable("discord_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  upcomingSlots: bool("upcoming_slots").notNull().default(true),
  favoriteCreatorSlots: bool("favorite_creator_slots").notNull().default(true),
  favoriteCreatorLive: bool("favorite_creator_live").notNull().default(true),
  promotions: bool("promotions").notNull().default(false),
  updatedAt: updatedAt(),
});

export const emailUnsubscribes = sqliteTable(
  "email_unsubscribes",
  {
    id: id(),
    email: text("email").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("email_unsubscribes_email_check", sql`${t.email} = lower(${t.email})`)],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type DiscordPreferences = typeof discordPreferences.$inferSelect;
export type EmailUnsubscribe = typeof emailUnsubscribes.$inferSelect;
