/**
 * Product analytics events (registration, login, verification, search, see-all clicks...).
 * Append-only; the user link is kept only while the user exists.
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, type JsonValue } from "./columns";
import { users } from "./users";

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: id(),
    /** snake_case event name, e.g. "registration", "login", "otp_verified", "search", "see_all_click". */
    name: text("name").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    properties: text("properties", { mode: "json" }).$type<Record<string, JsonValue>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("analytics_events_name_check", sql`length(${t.name}) BETWEEN 1 AND 64`),
    index("analytics_events_name_created_idx").on(t.name, t.createdAt),
    index("analytics_events_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;
