import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { col, type Db, named } from "~/platform/db.server";
import { type QueueEventKind, type QueueState, queueEntries, queueEvents, users } from "~db/schema";
import type { QueueEventPayload } from "./ready-check";

/**
 * A live session's history of ready checks (table `queue_events`): each step written in the batch of the change it
 * records, and read with the queue's snapshot for the dashboard and each fan's page.
 */

/** How many of the latest steps the snapshot reads. */
export const HISTORY_MAX = 30;

/**
 * The step `kind` of one place, for the batch of its change: put right after the statement that makes the change,
 * it is written only when that statement changed a row (`changes() > 0`), so a change that lost a race writes no
 * step. The session and the fan are the place's; a refund's amount is its order's.
 */
export function queueEventStatement(
  db: Db,
  step: { entryId: string; kind: QueueEventKind; at: Date; line?: number | null },
) {
  const refunded = step.kind === "refunded";
  return db.insert(queueEvents).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        liveSessionId: sql<string>`q.live_session_id`.as("live_session_id"),
        entryId: sql<string>`q.id`.as("entry_id"),
        userId: sql<string>`q.user_id`.as("user_id"),
        kind: sql<QueueEventKind>`${step.kind}`.as("kind"),
        line: sql<number | null>`${step.line ?? null}`.as("line"),
        refundMinor: sql<
          number | null
        >`${refunded ? sql`(SELECT o.amount_minor FROM orders o WHERE o.id = q.order_id)` : null}`.as("refund_minor"),
        currency: sql<
          string | null
        >`${refunded ? sql`(SELECT o.currency FROM orders o WHERE o.id = q.order_id)` : null}`.as("currency"),
        at: sql<Date>`${step.at.getTime()}`.as("at"),
      })
      .from(sql`queue_entries q`)
      .where(sql`q.id = ${step.entryId} AND changes() > 0`),
  );
}

/** The session's latest steps, newest first (one statement of the snapshot's batch). */
export function historyQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: queueEvents.id,
        entryId: queueEvents.entryId,
        userId: queueEvents.userId,
        username: users.username,
        kind: queueEvents.kind,
        line: queueEvents.line,
        refundMinor: queueEvents.refundMinor,
        currency: queueEvents.currency,
        at: queueEvents.at,
      }),
    )
    .from(queueEvents)
    .innerJoin(users, eq(users.id, queueEvents.userId))
    .where(eq(queueEvents.liveSessionId, liveSessionId))
    .orderBy(desc(queueEvents.at), desc(sql`"queue_events".rowid`))
    .limit(HISTORY_MAX);
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>["all"]>>[number];

export function historyOf(rows: readonly HistoryRow[]): QueueEventPayload[] {
  return rows.map((row) => ({
    id: row.id,
    entryId: row.entryId,
    userId: row.userId,
    username: row.username,
    kind: row.kind,
    line: row.line,
    refund:
      row.refundMinor !== null && row.currency !== null ? money(row.refundMinor, row.currency as CurrencyCode) : null,
    at: row.at.getTime(),
  }));
}

/**
 * Calls a place to play next from one of the `from` states: its ready check starts, counting down the session's
 * seconds from `now` (a fresh check: not confirmed yet).
 */
export function callStatement(db: Db, entryId: string, from: readonly QueueState[], now: Date) {
  return db
    .update(queueEntries)
    .set({
      state: "playing_next",
      updatedAt: now,
      readyDeadline: sql`${now.getTime()} + 1000 * (SELECT s.ready_seconds FROM live_sessions s WHERE s.id = ${col(queueEntries.liveSessionId)})`,
      readyConfirmedAt: null,
    })
    .where(and(eq(queueEntries.id, entryId), inArray(queueEntries.state, [...from])))
    .returning({ id: queueEntries.id });
}
