import { asc, count, desc, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { forbidden, notFound } from "~/lib/errors";
import { getDb, named } from "~/platform/db.server";
import { liveSessions, type QueueLane, queueEntries, users } from "~db/schema";
import { broadcastOf } from "./coordinator.server";
import { LIVE_COPY } from "./copy";
import { savedGamertag } from "./gamertags.server";
import { firstRowsOfLanes } from "./lanes";
import { READY_SECONDS_DEFAULT } from "./ready-check";
import { getLiveSession } from "./sessions.server";
import { type FanPlace, fanPlace, type LaneCounts, laneCounts, placeOfUser, queueSnapshot } from "./snapshot.server";

/** Reads of the queues for pages and /api (the writes go through the session's object). */

/** The viewer's own place in a session (null when not queued), and both lanes' counts. */
export async function placeOf(
  env: Env,
  liveSessionId: string,
  userId: string | null,
): Promise<{ place: FanPlace | null; counts: LaneCounts; ended: boolean } | null> {
  const snapshot = await queueSnapshot(getDb(env), liveSessionId);
  if (!snapshot) return null;
  return {
    place: userId ? fanPlace(snapshot, userId) : null,
    counts: laneCounts(snapshot.entries),
    ended: snapshot.session.endedAt !== null,
  };
}

/** The fan's place right after joining (no read of the whole queue). */
export async function joinedPlace(env: Env, liveSessionId: string, userId: string) {
  return { place: await placeOfUser(getDb(env), liveSessionId, userId) };
}

/**
 * One lane's active entries in join order (GET /api/get/vipQueue/:id and regularQueue/:id). Anyone reads each
 * place's gamer tag (null when the fan has none), state and time; only the session's streamer also reads the
 * account's username and the entry and user ids they serve by (a queued fan's account is not public).
 */
export async function laneEntries(env: Env, viewer: Viewer | null, liveSessionId: string, lane: QueueLane) {
  const snapshot = await queueSnapshot(getDb(env), liveSessionId);
  if (!snapshot) return null;
  const isStreamer = viewer?.id === snapshot.session.streamerId;
  return snapshot.entries
    .filter((entry) => entry.lane === lane)
    .map((entry, index) => ({
      position: index + 1,
      gamerTag: entry.gamertag?.trim() || null,
      state: entry.state,
      joinedAt: entry.joinedAt,
      ...(isStreamer ? { username: entry.username, _id: entry.id, _user_id: entry.userId } : {}),
    }));
}

/** The viewer's queue places, newest first (GET /api/get/queues_by_user_id and paginatedqueues_by_user_id). */
export async function viewerQueues(env: Env, viewer: Viewer, page = 1, limit = 10) {
  const db = getDb(env);
  const where = eq(queueEntries.userId, viewer.id);
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: queueEntries.id,
          liveSessionId: queueEntries.liveSessionId,
          title: liveSessions.title,
          streamerId: liveSessions.streamerId,
          streamerName: users.fullName,
          lane: queueEntries.lane,
          state: queueEntries.state,
          joinedAt: queueEntries.joinedAt,
          endedAt: liveSessions.endedAt,
        }),
      )
      .from(queueEntries)
      .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
      .innerJoin(users, eq(users.id, liveSessions.streamerId))
      .where(where)
      .orderBy(desc(queueEntries.joinedAt), asc(queueEntries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(queueEntries).where(where),
  ]);
  const totalCount = total[0]?.n ?? 0;
  return { queues: rows, page, limit, total: totalCount, totalPages: Math.max(1, Math.ceil(totalCount / limit)) };
}

/** Whose entry it is and in which session (the door picks leave or remove; the use case decides who may). */
export async function entryOwner(env: Env, entryId: string): Promise<{ userId: string; liveSessionId: string }> {
  const [entry] = await getDb(env)
    .select({ userId: queueEntries.userId, liveSessionId: queueEntries.liveSessionId })
    .from(queueEntries)
    .where(eq(queueEntries.id, entryId))
    .limit(1);
  if (!entry) throw notFound(LIVE_COPY.entryNotFound);
  return entry;
}

/**
 * The queue dashboard's data, for its streamer only (403 for anyone else): the session and its queue, each lane cut to
 * the rows the dashboard shows but for the lanes in `wholeLanes` (lanes.ts); both counts are whole.
 */
export async function streamerQueue(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  wholeLanes: readonly QueueLane[] = [],
) {
  const session = await getLiveSession(env, liveSessionId);
  if (session.streamerId !== viewer.id) throw forbidden(LIVE_COPY.notYourSession);
  const snapshot = await queueSnapshot(getDb(env), liveSessionId);
  return { session, queue: firstRowsOfLanes(broadcastOf(liveSessionId, snapshot, 0).streamerPayload(), wholeLanes) };
}

/**
 * The live page's data, for anyone, logged in or not: the session, both counts, the public queue and the viewer's
 * own place (same as the socket sends), and the gamer tag the join forms are prefilled with (the viewer's saved one for the session's platform).
 */
export async function liveRoom(env: Env, viewer: Viewer | null, liveSessionId: string) {
  const db = getDb(env);
  const session = await getLiveSession(env, liveSessionId);
  const [snapshot, gamertag, account] = await Promise.all([
    queueSnapshot(db, liveSessionId),
    viewer ? savedGamertag(db, viewer.id, liveSessionId) : null,
    viewer ? db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).get() : undefined,
  ]);
  const broadcast = broadcastOf(liveSessionId, snapshot, 0);
  return {
    session,
    queue: broadcast.fanPayload(viewer?.id ?? null),
    publicQueue: broadcast.publicPayload(),
    gamertag,
    /** Where the viewer's alert emails go (the join step says it). */
    viewerEmail: account?.email ?? null,
    /** The ready check's countdown a called fan gets, in seconds (the join step says it). */
    readySeconds: snapshot?.session.readySeconds ?? READY_SECONDS_DEFAULT,
  };
}
