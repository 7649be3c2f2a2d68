import { desc, eq, type SQL, sql } from "drizzle-orm";
import { passUsedSql } from "~/features/passes/index.server";
import { type CurrencyCode, money } from "~/lib/money";
import { type Db, named } from "~/platform/db.server";
import { type QueueEventCause, type QueueEventKind, queueEvents, users } from "~db/schema";
import type { QueueEventPayload } from "./ready-check";

/**
 * A live session's history of ready checks (table `queue_events`): each step written in the batch of the change it
 * records, and read with the queue's snapshot for the dashboard and each fan's page.
 */

/** How many of the latest steps the snapshot reads. */
const HISTORY_MAX = 30;

/** One step of a place's history: what happened, why (a miss, the streamer, the session's end), when. */
export type QueueStep = { kind: QueueEventKind; cause?: QueueEventCause | null; at: Date; line?: number | null };

/**
 * The step `kind` of one place, for the batch of its change: put right after the statement that makes the change,
 * it is written only when that statement changed a row (`changes() > 0`), so a change that lost a race writes no
 * step. The session and the fan are the place's; a refund's amount is its order's.
 */
export function queueEventStatement(db: Db, step: QueueStep & { entryId: string }) {
  return queueEventsStatement(db, step, sql`q.id = ${step.entryId} AND changes() > 0`);
}

/**
 * The same step for every place matching `places` (a condition on `queue_entries q`), for the batch of a change of
 * many places (the session's end): `places` must match exactly the places that change ended (its state and its
 * `finished_at` at this instant), so a second run writes nothing more.
 */
export function queueEventsStatement(db: Db, step: QueueStep, places: SQL) {
  const refunded = step.kind === "refunded";
  return db.insert(queueEvents).select(
    db
      .select({
        id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
        liveSessionId: sql<string>`q.live_session_id`.as("live_session_id"),
        entryId: sql<string>`q.id`.as("entry_id"),
        userId: sql<string>`q.user_id`.as("user_id"),
        kind: sql<QueueEventKind>`${step.kind}`.as("kind"),
        cause: sql<QueueEventCause | null>`${step.cause ?? null}`.as("cause"),
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
      .where(places),
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
        cause: queueEvents.cause,
        line: queueEvents.line,
        refundMinor: queueEvents.refundMinor,
        currency: queueEvents.currency,
        // A refunded place paid with a VIP pass gave the use back, not money (ADR 032): the pages say so.
        passUse: sql<number>`${queueEvents.kind} = 'refunded' AND ${passUsedSql(
          sql`(SELECT q.order_id FROM queue_entries q WHERE q.id = ${queueEvents.entryId})`,
        )}`,
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
    cause: row.cause,
    line: row.line,
    refund:
      row.refundMinor !== null && row.currency !== null ? money(row.refundMinor, row.currency as CurrencyCode) : null,
    passUse: Boolean(row.passUse),
    at: row.at.getTime(),
  }));
}
