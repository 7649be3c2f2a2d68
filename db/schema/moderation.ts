/**
 * Reports of user accounts and bans.
 *
 * Invariants carried here:
 * - a report is pending, then reviewed or banned (CHECK); a decided report records when;
 * - a reporter has at most one PENDING report of an account (partial UNIQUE (reporter_id, reported_user_id)
 *   WHERE status = 'pending'): reporting again while staff have not decided adds nothing;
 * - a user has at most one ACTIVE ban (partial UNIQUE on user_id WHERE unbanned_at IS NULL);
 *   unbanning sets unbanned_at, so the history stays.
 */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id, timestamp } from "./columns";
import { users } from "./users";

export const REPORT_STATUSES = ["pending", "reviewed", "banned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedUserId: text("reported_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    enumCheck("reports_status_check", t.status, REPORT_STATUSES),
    check("reports_reviewed_check", sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`),
    check("reports_reason_check", sql`length(${t.reason}) BETWEEN 1 AND 500`),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_reported_user_idx").on(t.reportedUserId),
    uniqueIndex("reports_pending_once_unique").on(t.reporterId, t.reportedUserId).where(sql`status = 'pending'`),
  ],
);

export const bans = sqliteTable(
  "bans",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportId: text("report_id").references(() => reports.id, { onDelete: "set null" }),
    reason: text("reason"),
    bannedAt: timestamp("banned_at").notNull(),
    bannedBy: text("banned_by").references(() => users.id, { onDelete: "set null" }),
    unbannedAt: timestamp("unbanned_at"),
    unbannedBy: text("unbanned_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("bans_one_active_per_user_unique").on(t.userId).where(sql`unbanned_at IS NULL`),
    check("bans_dates_check", sql`${t.unbannedAt} IS NULL OR ${t.unbannedAt} >= ${t.bannedAt}`),
    index("bans_active_idx").on(t.bannedAt).where(sql`unbanned_at IS NULL`),
    index("bans_user_idx").on(t.userId),
  ],
);

export type Report = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type Ban = typeof bans.$inferSelect;
export type NewBan = typeof bans.$inferInsert;
