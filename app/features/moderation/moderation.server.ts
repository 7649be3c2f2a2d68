import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditIfChangedStatement } from "~/features/audit/index.server";
import { closeLiveSockets } from "~/features/live/index.server";
import { closeNotificationSockets } from "~/features/notifications/index.server";
import { conflict } from "~/lib/errors";
import { newId } from "~/lib/id";
import { pageInfo } from "~/lib/paging";
import { getDb, idChunks, named, nonEmptyBatch, selectInChunks } from "~/platform/db.server";
import { bans, reports, sessions, users } from "~db/schema";
import { MODERATION_COPY } from "./copy";
import type { ModerationListQuery } from "./schema";

/**
 * Reports of accounts and bans (docs/domain.md; docs/domain.md). A report is pending, then reviewed or
 * banned; a ban can be lifted, which keeps its history. Every call checks the staff capability first; every
 * write is one batch with its audit rows, and is conditional on the state it changes (a report still pending,
 * a ban still active), so two staff deciding at once decide once.
 *
 * The lists join users three times (reported, reporter, decider): their fields are `named` so D1's batch answer
 * (objects keyed by column name) does not collapse the duplicates.
 *
 * Banning ends the user's sessions at once: the session lookup refuses a user with an active ban on the very
 * next request (app/features/auth/session.server.ts), and the ban's batch also revokes the session rows, so
 * unbanning does not bring old sessions back.
 */

const reported = alias(users, "reported");
const reporter = alias(users, "reporter");
const decider = alias(users, "decider");

export type ReportListKind = "pending" | "reviewed";

/** Pending (or reviewed) reports, newest first, with who reported whom. */
export async function listReports(env: Env, viewer: Viewer | null, kind: ReportListKind, query: ModerationListQuery) {
  assertStaff(viewer, "moderation");
  const db = getDb(env);
  const where = eq(reports.status, kind);
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: reports.id,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
          reviewedAt: reports.reviewedAt,
          reportedUserId: reports.reportedUserId,
          reportedUsername: reported.username,
          reportedFullName: reported.fullName,
          reportedEmail: reported.email,
          reporterUsername: reporter.username,
          reviewedBy: decider.fullName,
        }),
      )
      .from(reports)
      .innerJoin(reported, eq(reported.id, reports.reportedUserId))
      .leftJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(decider, eq(decider.id, reports.reviewedBy))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { reports: rows, ...pageInfo(total[0]?.n ?? 0, query.page, query.limit) };
}

/** Active bans, newest first. */
export async function listBans(env: Env, viewer: Viewer | null, query: ModerationListQuery) {
  assertStaff(viewer, "moderation");
  const db = getDb(env);
  const where = isNull(bans.unbannedAt);
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: bans.id,
          userId: bans.userId,
          reason: bans.reason,
          bannedAt: bans.bannedAt,
          username: reported.username,
          fullName: reported.fullName,
          email: reported.email,
          bannedBy: decider.fullName,
        }),
      )
      .from(bans)
      .innerJoin(reported, eq(reported.id, bans.userId))
      .leftJoin(decider, eq(decider.id, bans.bannedBy))
      .where(where)
      .orderBy(desc(bans.bannedAt), desc(bans.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(bans).where(where),
  ]);
  return { bans: rows, ...pageInfo(total[0]?.n ?? 0, query.page, query.limit) };
}

async function pendingReports(env: Env, reportIds: string[]) {
  const db = getDb(env);
  return selectInChunks(reportIds, (chunk) =>
    db
      .select({ id: reports.id, reportedUserId: reports.reportedUserId })
      .from(reports)
      .where(and(inArray(reports.id, chunk), eq(reports.status, "pending"))),
  );
}

/** Marks pending reports reviewed (no action on the account). */
export async function markReportsReviewed(env: Env, viewer: Viewer | null, reportIds: string[]) {
  assertStaff(viewer, "moderation");
  const pending = await pendingReports(env, reportIds);
  if (pending.length === 0) throw conflict(MODERATION_COPY.noLongerPending);
  const db = getDb(env);
  const now = new Date();
  const ids = pending.map((r) => r.id);
  // Each report's update, then its audit row only when that update changed it (two staff reviewing the same
  // reports at once leave one row per report).
  await db.batch(
    nonEmptyBatch(
      ids.flatMap((id) => [
        db
          .update(reports)
          .set({ status: "reviewed", reviewedAt: now, reviewedBy: viewer.id })
          .where(and(eq(reports.id, id), eq(reports.status, "pending"))),
        auditIfChangedStatement(db, viewer, { action: "report.review", entity: "report", entityId: id }, now),
      ]),
    ),
  );
  return { reviewed: ids.length };
}

/**
 * Bans the accounts behind pending reports: one active ban per account (a second ban of a banned account is a
 * no-op, by the partial UNIQUE index), every pending report of those accounts decided as banned, and their
 * sessions revoked, in one batch with an audit row per account. Only regular users can be banned here.
 */
export async function banReportedUsers(env: Env, viewer: Viewer | null, reportIds: string[]) {
  assertStaff(viewer, "moderation");
  const pending = await pendingReports(env, reportIds);
  if (pending.length === 0) throw conflict(MODERATION_COPY.noLongerPending);
  const db = getDb(env);
  const now = new Date();
  const byUser = new Map<string, string>();
  for (const r of pending) if (!byUser.has(r.reportedUserId)) byUser.set(r.reportedUserId, r.id);
  const userIds = [...byUser.keys()];
  const regularUser = (userId: string) =>
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.role} = 'user')`;
  await db.batch(
    nonEmptyBatch([
      ...idChunks(userIds).map((chunk) =>
        db
          .update(reports)
          .set({ status: "banned", reviewedAt: now, reviewedBy: viewer.id })
          .where(and(inArray(reports.reportedUserId, chunk), eq(reports.status, "pending"))),
      ),
      // Each account's ban, then its audit row only when the ban was written (an account already banned, by a
      // concurrent request too, gets no second row).
      ...[...byUser].flatMap(([userId, reportId]) => [
        db
          .insert(bans)
          .select(
            db
              .select({
                id: sql<string>`${newId()}`.as("id"),
                userId: sql<string>`${userId}`.as("user_id"),
                reportId: sql<string>`${reportId}`.as("report_id"),
                reason: reports.reason,
                bannedAt: sql<number>`${now.getTime()}`.as("banned_at"),
                bannedBy: sql<string>`${viewer.id}`.as("banned_by"),
                unbannedAt: sql<null>`NULL`.as("unbanned_at"),
                unbannedBy: sql<null>`NULL`.as("unbanned_by"),
              })
              .from(reports)
              .where(and(eq(reports.id, reportId), regularUser(userId))),
          )
          .onConflictDoNothing(),
        auditIfChangedStatement(
          db,
          viewer,
          { action: "user.ban", entity: "user", entityId: userId, after: { reportId } },
          now,
        ),
      ]),
      ...idChunks(userIds).map((chunk) =>
        db
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(inArray(sessions.userId, chunk), isNull(sessions.revokedAt))),
      ),
    ]),
  );
  // Their sessions are revoked above; their open sockets (notifications, live sessions) close now too, rather
  // than at their next request. A failure here is logged: the ban itself has landed.
  await Promise.all([
    ...userIds.map((userId) => closeNotificationSockets(env, userId)),
    closeLiveSockets(env, userIds),
  ]);
  return { banned: userIds.length };
}

/** Lifts active bans (the history stays: unbanned_at and who). */
export async function unbanUsers(env: Env, viewer: Viewer | null, banIds: string[]) {
  assertStaff(viewer, "moderation");
  const db = getDb(env);
  const active = await selectInChunks(banIds, (chunk) =>
    db
      .select({ id: bans.id, userId: bans.userId })
      .from(bans)
      .where(and(inArray(bans.id, chunk), isNull(bans.unbannedAt))),
  );
  if (active.length === 0) throw conflict(MODERATION_COPY.noLongerBanned);
  const now = new Date();
  await db.batch(
    nonEmptyBatch(
      // Each ban lifted, then its audit row only when this request lifted it.
      active.flatMap((b) => [
        db
          .update(bans)
          .set({ unbannedAt: now, unbannedBy: viewer.id })
          .where(and(eq(bans.id, b.id), isNull(bans.unbannedAt))),
        auditIfChangedStatement(
          db,
          viewer,
          { action: "user.unban", entity: "user", entityId: b.userId, before: { banId: b.id } },
          now,
        ),
      ]),
    ),
  );
  return { unbanned: active.length };
}
