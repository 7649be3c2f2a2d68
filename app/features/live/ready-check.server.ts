import { and, eq, gt, lte, min, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { passPaidOrderIds } from "~/features/passes/index.server";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { liveSessions, orders, type QueueEventCause, type QueueLane, queueEntries } from "~db/schema";
import { backfillParty } from "./calls.server";
import { LIVE_COPY } from "./copy";
import { assertSessionStreamer, loadOwnEntry } from "./entry.server";
import { linePositions, ordinal } from "./line";
import type { QueueChange } from "./queue.server";
import { queueEventStatement } from "./queue-events.server";
import { type MissOutcome, missOutcome, movedBackKey } from "./ready-check";
import { queueSnapshot } from "./snapshot.server";
import { serviceOrder } from "./turns";
import { vipStreakOf } from "./turns.server";
import { endVipPlaces } from "./vip-refunds.server";

/**
 * The ready check's use cases (ready-check.ts has its rules): the fan confirms; a fan who misses it (the countdown ran
 * out, or the streamer skips them) is moved back or removed, a VIP place with its refund; a party place that misses
 * is backfilled from the line (calls.server.ts). Run by the session's Durable Object, one at a time; each change is conditional on the check still running,
 * so a removal racing another (the alarm and the streamer's skip or remove) changes and refunds the place once.
 */

/**
 * Why a ready check was missed: its countdown ran out while the fan was not on the live page ("absent") or was on it
 * and did not confirm ("timeout"), or the streamer skipped them. Absence alone never misses a check: only the
 * deadline or the skip does.
 */
export type MissCause = "absent" | "timeout" | "skip";

const EVENT_CAUSE: Record<MissCause, QueueEventCause> = {
  absent: "absent",
  timeout: "not_confirmed",
  skip: "skipped",
};

/**
 * A ready check is set on a place in a session still open (`checkSql`); it runs while the place is called
 * (`RUNNING`: playing next, not confirmed yet).
 */
const CHECK_SET = sql`${col(queueEntries.readyDeadline)} IS NOT NULL
  AND EXISTS (SELECT 1 FROM live_sessions s WHERE s.id = ${col(queueEntries.liveSessionId)} AND s.ended_at IS NULL)`;
const RUNNING = sql`${col(queueEntries.state)} = 'playing_next' AND ${CHECK_SET}`;

/**
 * The place's ready check is set (and for a timeout, its countdown is over), without its state: the VIP refund path
 * adds the state it ends the place from, and finds the place again after by this condition.
 */
function checkSql(entryId: string, until?: Date): SQL {
  const set = sql`${col(queueEntries.id)} = ${entryId} AND ${CHECK_SET}`;
  return until ? sql`${set} AND ${col(queueEntries.readyDeadline)} <= ${until.getTime()}` : set;
}

/** The fan confirms they are ready, before the countdown ends: their turn goes on. */
export async function confirmReady(
  env: Env,
  viewer: Viewer,
  entryId: string,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadOwnEntry(db, viewer, entryId, liveSessionId);
  const [changed] = await db.batch([
    db
      .update(queueEntries)
      .set({ readyDeadline: null, readyConfirmedAt: now, updatedAt: now })
      .where(
        and(eq(queueEntries.id, entryId), eq(queueEntries.state, "playing_next"), gt(queueEntries.readyDeadline, now)),
      )
      .returning({ id: queueEntries.id }),
    queueEventStatement(db, { entryId, kind: "confirmed", at: now }),
  ]);
  if (changed.length === 0) throw conflict(LIVE_COPY.readyTooLate);
  return { liveSessionId: entry.liveSessionId, notices: [{ userId: entry.userId, message: LIVE_COPY.readyConfirmed }] };
}

type MissedPlace = {
  id: string;
  userId: string;
  liveSessionId: string;
  streamerId: string;
  lane: QueueLane;
  misses: number;
  position: number;
  lineKey: number | null;
  party: boolean;
  vipMissed: "keep" | "remove";
  orderId: string | null;
  amountMinor: number | null;
  currency: string | null;
};

async function loadMissed(db: Db, entryId: string): Promise<MissedPlace> {
  const [row] = await db
    .select(
      named({
        id: queueEntries.id,
        userId: queueEntries.userId,
        liveSessionId: queueEntries.liveSessionId,
        streamerId: liveSessions.streamerId,
        lane: queueEntries.lane,
        misses: queueEntries.readyMisses,
        position: queueEntries.position,
        lineKey: queueEntries.lineKey,
        party: queueEntries.party,
        vipMissed: liveSessions.vipMissed,
        orderId: queueEntries.orderId,
        amountMinor: orders.amountMinor,
        currency: orders.currency,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .leftJoin(orders, eq(orders.id, queueEntries.orderId))
    .where(eq(queueEntries.id, entryId))
    .limit(1);
  if (!row) throw notFound(LIVE_COPY.entryNotFound);
  return row;
}

/**
 * Where a missed place goes back to: behind the next waiting places of its lane (ready-check.ts `movedBackKey`), and
 * the place in line that gives it, from the queue as it would be (the order of service run on it).
 */
async function movedBack(db: Db, place: MissedPlace): Promise<{ key: number; line: number | null }> {
  const snapshot = await queueSnapshot(db, place.liveSessionId);
  if (!snapshot) throw notFound(LIVE_COPY.notFound);
  const keyOf = (entry: { lineKey: number | null; position: number }) => entry.lineKey ?? entry.position;
  const others = snapshot.entries.filter(
    (entry) => entry.lane === place.lane && entry.state === "waiting" && entry.id !== place.id,
  );
  const key = movedBackKey(others.map(keyOf), keyOf(place));
  const after = serviceOrder(
    snapshot.entries.map((entry) =>
      entry.id === place.id ? { ...entry, state: "waiting" as const, lineKey: key } : entry,
    ),
    {
      vipPerRegular: snapshot.session.vipPerRegular,
      plays: snapshot.plays,
      vipStreak: vipStreakOf(snapshot.started.filter((started) => started.id !== place.id)),
    },
  );
  return { key, line: linePositions(after).get(place.id) ?? null };
}

/**
 * A fan missed their ready check: moved back behind the next 3 of their lane, or removed (a regular place the second
 * time), or, where the session removes missed VIP places, removed with the refund owed in the same batch
 * (vip-refunds.server.ts, "missed_ready"). Conditional on the check still running (and, for a timeout, on its
 * countdown being over): a miss that finds it over changes nothing. The streamer's skip is refused then.
 */
export async function missReadyCheck(
  env: Env,
  input: { entryId: string; cause: MissCause; viewer?: Viewer; liveSessionId?: string },
  now = new Date(),
): Promise<QueueChange & { missed?: MissOutcome }> {
  const db = getDb(env);
  const place = await loadMissed(db, input.entryId);
  if (input.liveSessionId !== undefined && place.liveSessionId !== input.liveSessionId)
    throw notFound(LIVE_COPY.entryNotFound);
  if (input.cause === "skip") {
    if (!input.viewer) throw forbidden(LIVE_COPY.notYourSession);
    assertSessionStreamer(input.viewer, place);
  }
  const check = checkSql(place.id, input.cause === "timeout" ? now : undefined);
  const running = sql`${check} AND ${col(queueEntries.state)} = 'playing_next'`;
  const outcome = missOutcome(place, place.vipMissed);
  const cause = EVENT_CAUSE[input.cause];
  let changed: unknown[];
  let message: string;
  if (outcome === "moved_back") {
    const { key, line } = await movedBack(db, place);
    [changed] = await db.batch([
      db
        .update(queueEntries)
        .set({
          state: "waiting",
          readyDeadline: null,
          readyConfirmedAt: null,
          readyMisses: place.misses + 1,
          lineKey: key,
          updatedAt: now,
        })
        .where(sql`${running} AND ${col(queueEntries.readyMisses)} = ${place.misses}`)
        .returning({ id: queueEntries.id }),
      queueEventStatement(db, { entryId: place.id, kind: "moved_back", cause, line, at: now }),
    ]);
    message = LIVE_COPY.missedMovedBack(line === null ? "the line" : ordinal(line));
  } else if (outcome === "removed") {
    [changed] = await db.batch([
      db
        .update(queueEntries)
        .set({ state: "removed", readyDeadline: null, readyMisses: place.misses + 1, finishedAt: now, updatedAt: now })
        .where(running)
        .returning({ id: queueEntries.id }),
      queueEventStatement(db, { entryId: place.id, kind: "removed", cause, at: now }),
    ]);
    message = LIVE_COPY.missedRemoved;
  } else {
    const end = endVipPlaces(db, "missed_ready", "missed_ready", {
      places: check,
      createdBy: input.viewer?.id ?? null,
      now,
      refundId: newId(),
    });
    [changed] = await db.batch([
      end.change,
      queueEventStatement(db, { entryId: place.id, kind: "refunded", cause, at: now }),
      ...end.refund,
    ]);
    // A place paid with a VIP pass gets the pass's use back, not money (ADR 032): the fan is told that.
    const byPass = place.orderId !== null && (await passPaidOrderIds(db, [place.orderId])).has(place.orderId);
    message = byPass
      ? LIVE_COPY.missedPassReturned
      : place.amountMinor !== null && place.currency !== null
        ? LIVE_COPY.missedRefunded(formatMoney(money(place.amountMinor, place.currency as CurrencyCode)))
        : LIVE_COPY.missedRemoved;
  }
  if (changed.length === 0) {
    if (input.cause === "skip") throw conflict(LIVE_COPY.noReadyCheck);
    return { liveSessionId: place.liveSessionId, notices: [] };
  }
  const notices = [{ userId: place.userId, message }];
  if (place.party) notices.push(...(await backfillParty(env, place.liveSessionId, place.id, now)));
  return { liveSessionId: place.liveSessionId, notices, missed: outcome };
}

/**
 * The session's ready checks whose countdown is over by `now`, each missed (the object's alarm): `present` tells
 * whether the fan had the live page open at the deadline, for the history ("was not on the page" or "did not
 * confirm").
 */
export async function expireReadyChecks(
  env: Env,
  liveSessionId: string,
  present: (userId: string) => boolean = () => true,
  now = new Date(),
): Promise<QueueChange> {
  const due = await getDb(env)
    .select({ id: queueEntries.id, userId: queueEntries.userId })
    .from(queueEntries)
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), RUNNING, lte(queueEntries.readyDeadline, now)));
  const notices: QueueChange["notices"] = [];
  for (const { id, userId } of due) {
    const cause = present(userId) ? "timeout" : "absent";
    notices.push(...(await missReadyCheck(env, { entryId: id, cause, liveSessionId }, now)).notices);
  }
  return { liveSessionId, notices };
}

/** When the session's earliest running ready check runs out (ms), or null: where the object keeps its alarm. */
export async function nextReadyDeadline(env: Env, liveSessionId: string): Promise<number | null> {
  const [row] = await getDb(env)
    .select({ at: min(queueEntries.readyDeadline) })
    .from(queueEntries)
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), RUNNING));
  return row?.at ? row.at.getTime() : null;
}
