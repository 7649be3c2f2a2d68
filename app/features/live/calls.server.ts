import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { notifyTurn } from "~/features/alerts/index.server";
import { deliverMessages } from "~/features/messages/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { livePath } from "~/lib/paths.server";
import { type Db, getDb, named } from "~/platform/db.server";
import { noticeEntry, outboxStatement } from "~/platform/outbox.server";
import { liveSessions, type QueueState, queueEntries, users } from "~db/schema";
import { runCallHooks } from "./call-hooks.server";
import { LIVE_COPY } from "./copy";
import { assertSessionStreamer } from "./entry.server";
import type { QueueChange, QueueNotice } from "./queue.server";
import { queueEventStatement } from "./queue-events.server";
import { PARTY_MAX, readySecondsText } from "./ready-check";
import { readyLinkPath } from "./ready-link.server";
import { queueSnapshot } from "./snapshot.server";

/**
 * Calling fans to play next (docs/domain.md "Ready check"): one fan, a party of the next N in the order of service,
 * and the backfill of a party's missed place. Each call starts the place's ready check (the session's whole countdown,
 * whether or not the fan's page is open) and alerts the fan once per call: push where they subscribed, else email at
 * once (with the one-tap ready link), and an in-app notification; a fan who queued from chat is told there too
 * (call-hooks.server.ts).
 */

/** A place about to be called, with what its alert needs. */
type Callable = { id: string; userId: string; liveSessionId: string; readyMisses: number };

async function streamerNameOf(db: Db, liveSessionId: string): Promise<{ name: string }> {
  const row = await db
    .select(named({ name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})` }))
    .from(liveSessions)
    .innerJoin(users, eq(users.id, liveSessions.streamerId))
    .where(eq(liveSessions.id, liveSessionId))
    .get();
  if (!row) throw notFound(LIVE_COPY.notFound);
  return row;
}

/**
 * Calls one place from one of the `from` states: its ready check starts (the session's seconds from `now`), the step
 * is in the history, the in-app notification in the outbox, all in one batch; then the alert goes out. The call's
 * number (the misses before it) keys its alert and notification, so each call alerts once and a call again after a
 * miss alerts again. Returns false when the place was no longer in a `from` state (nothing written, nobody alerted).
 */
export async function callPlace(
  env: Env,
  place: Callable,
  options: { from: readonly QueueState[]; party: boolean; streamerName: string; now: Date },
): Promise<boolean> {
  const db = getDb(env);
  const { now } = options;
  const cause = `turn:${place.id}:${place.readyMisses}`;
  const [called] = await db.batch([
    db
      .update(queueEntries)
      .set({
        state: "playing_next",
        updatedAt: now,
        readyDeadline: sql`${now.getTime()} + 1000 * (SELECT s.ready_seconds FROM live_sessions s WHERE s.id = ${queueEntries.liveSessionId} AND s.ended_at IS NULL)`,
        readyConfirmedAt: null,
        party: options.party,
      })
      .where(
        and(
          eq(queueEntries.id, place.id),
          inArray(queueEntries.state, [...options.from]),
          sql`EXISTS (SELECT 1 FROM live_sessions s WHERE s.id = ${queueEntries.liveSessionId} AND s.ended_at IS NULL)`,
        ),
      )
      .returning({ readyDeadline: queueEntries.readyDeadline }),
    queueEventStatement(db, { entryId: place.id, kind: "called", at: now }),
    outboxStatement(
      db,
      noticeEntry(cause, {
        userId: place.userId,
        type: "queue",
        title: `You're up with ${options.streamerName}: confirm you're ready`,
        url: livePath(place.liveSessionId),
      }),
      { now, when: sql`changes() > 0` },
    ),
  ]);
  const deadline = called[0]?.readyDeadline;
  if (!deadline) return false;
  await deliverMessages(env, [`${cause}:notification`], now);
  const secondsLeft = Math.round((deadline.getTime() - now.getTime()) / 1000);
  await notifyTurn(
    env,
    place.userId,
    {
      key: cause,
      liveSessionId: place.liveSessionId,
      streamerName: options.streamerName,
      url: livePath(place.liveSessionId),
      readyUrl: await readyLinkPath(env, {
        liveSessionId: place.liveSessionId,
        entryId: place.id,
        deadline: deadline.getTime(),
      }),
      timeLeft: readySecondsText(secondsLeft),
    },
    now,
  );
  await runCallHooks(
    env,
    {
      entryId: place.id,
      userId: place.userId,
      liveSessionId: place.liveSessionId,
      streamerName: options.streamerName,
      secondsLeft,
    },
    now,
  );
  return true;
}

/** The next `n` waiting places in the order of service (turns.ts: the interleave of the lanes). */
async function nextWaiting(db: Db, liveSessionId: string, n: number): Promise<Callable[]> {
  const snapshot = await queueSnapshot(db, liveSessionId);
  if (!snapshot) throw notFound(LIVE_COPY.notFound);
  return snapshot.entries
    .filter((entry) => entry.state === "waiting")
    .slice(0, n)
    .map((entry) => ({
      id: entry.id,
      userId: entry.userId,
      liveSessionId,
      readyMisses: entry.readyMisses,
    }));
}

/**
 * The streamer calls the next `size` fans at once (1 to PARTY_MAX), in the order of service: each gets a ready check
 * and an alert; a party place that misses its check is backfilled from the line (`backfillParty`).
 */
export async function callParty(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  size: number,
  now = new Date(),
): Promise<QueueChange> {
  if (!Number.isInteger(size) || size < 1 || size > PARTY_MAX) throw badRequest(LIVE_COPY.badPartySize, "size");
  const db = getDb(env);
  const session = await db
    .select({ streamerId: liveSessions.streamerId, endedAt: liveSessions.endedAt })
    .from(liveSessions)
    .where(eq(liveSessions.id, liveSessionId))
    .get();
  if (!session) throw notFound(LIVE_COPY.notFound);
  assertSessionStreamer(viewer, session);
  if (session.endedAt) throw conflict(LIVE_COPY.sessionEnded);
  const places = await nextWaiting(db, liveSessionId, size);
  if (places.length === 0) throw conflict(LIVE_COPY.nobodyWaiting);
  const streamerName = viewer.fullName || viewer.username;
  const notices: QueueNotice[] = [];
  for (const place of places) {
    if (await callPlace(env, place, { from: ["waiting"], party: true, streamerName, now })) {
      notices.push({ userId: place.userId, message: LIVE_COPY.youArePlayingNext });
    }
  }
  return { liveSessionId, notices };
}

/**
 * A party place missed its ready check: the next waiting fan is called in its stead (nobody when none waits; never
 * the fan who just missed, moved back into the line).
 */
export async function backfillParty(
  env: Env,
  liveSessionId: string,
  missedId: string,
  now = new Date(),
): Promise<QueueNotice[]> {
  const db = getDb(env);
  const [next] = (await nextWaiting(db, liveSessionId, 2)).filter((place) => place.id !== missedId);
  if (!next) return [];
  const { name } = await streamerNameOf(db, liveSessionId);
  const called = await callPlace(env, next, { from: ["waiting"], party: true, streamerName: name, now });
  return called ? [{ userId: next.userId, message: LIVE_COPY.youArePlayingNext }] : [];
}
