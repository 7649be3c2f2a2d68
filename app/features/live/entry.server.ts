import { and, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { forbidden, notFound } from "~/lib/errors";
import { type Db, named } from "~/platform/db.server";
import { liveSessions, type QueueLane, type QueueState, queueEntries } from "~db/schema";
import { LIVE_COPY } from "./copy";
import { ACTIVE } from "./snapshot.server";

/** One queue place with its session, as the queue's use cases load it, and the move of a place from state to state. */

export type EntryWithSession = {
  id: string;
  userId: string;
  lane: QueueLane;
  state: QueueState;
  orderId: string | null;
  liveSessionId: string;
  streamerId: string;
  title: string;
  readyMisses: number;
};

/** The streamer of this session, and nobody else (checked before any write). */
export function assertSessionStreamer(viewer: Viewer, session: { streamerId: string }): void {
  if (viewer.id !== session.streamerId) throw forbidden(LIVE_COPY.notYourSession);
}

export async function loadEntry(db: Db, entryId: string): Promise<EntryWithSession> {
  const [entry] = await db
    .select(
      named({
        id: queueEntries.id,
        userId: queueEntries.userId,
        lane: queueEntries.lane,
        state: queueEntries.state,
        orderId: queueEntries.orderId,
        liveSessionId: queueEntries.liveSessionId,
        streamerId: liveSessions.streamerId,
        title: liveSessions.title,
        readyMisses: queueEntries.readyMisses,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .where(eq(queueEntries.id, entryId))
    .limit(1);
  if (!entry) throw notFound(LIVE_COPY.entryNotFound);
  return entry;
}

export function assertInSession(entry: EntryWithSession, liveSessionId: string | undefined) {
  if (liveSessionId !== undefined && entry.liveSessionId !== liveSessionId) throw notFound(LIVE_COPY.entryNotFound);
}

/** Moves a place to `to` from one of the `from` states; any ready check it had is over. */
export function finish(db: Db, entryId: string, from: readonly QueueState[], to: QueueState, now: Date) {
  const finished = (ACTIVE as readonly QueueState[]).includes(to) ? null : now;
  return db
    .update(queueEntries)
    .set({
      state: to,
      finishedAt: finished,
      updatedAt: now,
      readyDeadline: null,
      ...(to === "in_game" ? { inGameAt: now } : {}),
    })
    .where(and(eq(queueEntries.id, entryId), inArray(queueEntries.state, [...from])))
    .returning({ id: queueEntries.id });
}

/** A fan's own place in this session (a fan acts only on their own place). */
export async function loadOwnEntry(
  db: Db,
  viewer: Viewer,
  entryId: string,
  liveSessionId: string | undefined,
): Promise<EntryWithSession> {
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  if (entry.userId !== viewer.id) throw forbidden(LIVE_COPY.notYourEntry);
  return entry;
}
