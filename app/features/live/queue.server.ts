import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/auth/policy";
import { isStaff } from "~/features/auth/policy";
import { walletRefundStatements } from "~/features/wallet/ledger.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { col, type Db, getDb, named } from "~/platform/db.server";
import {
  ACTIVE_QUEUE_STATES,
  gameModes,
  liveSessions,
  lobbyCodes,
  orders,
  type QueueLane,
  type QueueState,
  queueEntries,
  users,
} from "../../../db/schema";
import { LIVE_MESSAGES as M } from "./messages";

/**
 * The queues of a live session (DOMAIN.md "Live sessions and queues"). These use cases own every queue rule,
 * including who may act: a fan acts only on their own entry, only the session's streamer serves, removes or
 * sets the lobby code. They are called by the session's Durable Object (workers/live-session.ts), which runs
 * them one at a time in arrival order and broadcasts the result; D1 is the system of record.
 *
 * `position` is the session's join counter: each join takes max(position) + 1 in the same INSERT statement, so
 * positions are unique (UNIQUE (live_session_id, position)) and gap-free even if something other than the object
 * inserts (the VIP card fulfilment, vip.server.ts). The place a fan sees is their rank in their lane among the
 * active entries; the order of service is VIP before regular, then position.
 */
export type QueueSessionInfo = {
  id: string;
  influencerId: string;
  title: string;
  endedAt: Date | null;
  priceMinor: number;
  durationMinutes: number;
  playersPerGame: number;
  lobbyCode: string | null;
};

export type QueueRow = {
  id: string;
  userId: string;
  username: string;
  lane: QueueLane;
  state: QueueState;
  position: number;
  orderId: string | null;
  gamertag: string | null;
  joinedAt: Date;
};

export type QueueSnapshot = { session: QueueSessionInfo; entries: QueueRow[] };

/** Who is told what after a change (messageNotificationUserLiveSession). */
export type QueueNotice = { userId: string; message: string };
export type QueueChange = { liveSessionId: string; notices: QueueNotice[] };

const ACTIVE = [...ACTIVE_QUEUE_STATES];
/** The order a fan moves through while served; a move only goes forward. */
const SERVICE_STATES = ["waiting", "playing_next", "in_game", "done"] as const;
export type ServeTarget = "playing_next" | "in_game" | "done";
/** The fans who see the session's lobby code. */
const LOBBY_CODE_STATES: readonly QueueState[] = ["playing_next", "in_game"];

function sessionInfoQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: liveSessions.id,
        influencerId: liveSessions.influencerId,
        title: liveSessions.title,
        endedAt: liveSessions.endedAt,
        priceMinor: liveSessions.priceMinor,
        durationMinutes: gameModes.durationMinutes,
        playersPerGame: gameModes.noOfPlayers,
        lobbyCode: lobbyCodes.code,
      }),
    )
    .from(liveSessions)
    .innerJoin(gameModes, eq(gameModes.id, liveSessions.gameModeId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.liveSessionId, liveSessions.id))
    .where(eq(liveSessions.id, liveSessionId))
    .limit(1);
}

function activeEntriesQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: queueEntries.id,
        userId: queueEntries.userId,
        username: users.username,
        lane: queueEntries.lane,
        state: queueEntries.state,
        position: queueEntries.position,
        orderId: queueEntries.orderId,
        gamertag: queueEntries.gamertag,
        joinedAt: queueEntries.joinedAt,
      }),
    )
    .from(queueEntries)
    .innerJoin(users, eq(users.id, queueEntries.userId))
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), inArray(queueEntries.state, ACTIVE)))
    .orderBy(desc(sql`${queueEntries.lane} = 'vip'`), asc(queueEntries.position));
}

/** The session and its active entries in order of service (VIP lane first, each in join order). One round trip. */
export async function queueSnapshot(db: Db, liveSessionId: string): Promise<QueueSnapshot | null> {
  const [sessionRows, entries] = await db.batch([
    sessionInfoQuery(db, liveSessionId),
    activeEntriesQuery(db, liveSessionId),
  ]);
  const session = sessionRows[0];
  if (!session) return null;
  return { session, entries };
}

export type LaneCounts = { vip: number; regular: number };

export function laneCounts(entries: readonly Pick<QueueRow, "lane">[]): LaneCounts {
  let vip = 0;
  for (const entry of entries) if (entry.lane === "vip") vip++;
  return { vip, regular: entries.length - vip };
}

/** What one fan sees of their own place (the live page, updateUserLiveSession). */
export type FanPlace = {
  entryId: string;
  lane: QueueLane;
  state: QueueState;
  /** Rank in their lane among the active entries, from 1. */
  position: number;
  /** Fans served before them (all of the VIP lane for a regular fan). */
  ahead: number;
  estimatedWaitMinutes: number;
  /** The session's lobby code, only while playing next or in game. */
  lobbyCode: string | null;
};

/** Games ahead of the fan times the mode's duration: `ahead` fans fill floor(ahead / players) whole games. */
export function estimatedWaitMinutes(
  ahead: number,
  session: Pick<QueueSessionInfo, "durationMinutes" | "playersPerGame">,
) {
  return Math.floor(ahead / Math.max(1, session.playersPerGame)) * session.durationMinutes;
}

export function fanPlace(snapshot: QueueSnapshot, userId: string): FanPlace | null {
  const index = snapshot.entries.findIndex((entry) => entry.userId === userId);
  const entry = snapshot.entries[index];
  if (!entry) return null;
  const vipCount = laneCounts(snapshot.entries).vip;
  const position = entry.lane === "vip" ? index + 1 : index - vipCount + 1;
  const waiting = entry.state === "waiting";
  return {
    entryId: entry.id,
    lane: entry.lane,
    state: entry.state,
    position,
    ahead: index,
    estimatedWaitMinutes: waiting ? estimatedWaitMinutes(index, snapshot.session) : 0,
    lobbyCode: LOBBY_CODE_STATES.includes(entry.state) ? snapshot.session.lobbyCode : null,
  };
}

export async function loadSession(db: Db, liveSessionId: string): Promise<QueueSessionInfo> {
  const [session] = await sessionInfoQuery(db, liveSessionId);
  if (!session) throw notFound(M.notFound);
  return session;
}

/** The streamer of this session, and nobody else (checked before any write). */
export function assertSessionStreamer(viewer: Viewer, session: Pick<QueueSessionInfo, "influencerId">): void {
  if (viewer.id !== session.influencerId) throw forbidden(M.notYourSession);
}

/** A fan may join: logged in, not staff, not the session's own streamer, and the session is open. */
export function assertMayJoin(viewer: Viewer, session: Pick<QueueSessionInfo, "influencerId" | "endedAt">): void {
  if (isStaff(viewer)) throw forbidden(M.staffCannotJoin);
  if (viewer.id === session.influencerId) throw forbidden(M.ownSession);
  if (session.endedAt) throw conflict(M.sessionEnded);
}

/** The next join position of the session, computed inside the inserting statement. */
export function nextPositionSql(liveSessionId: string) {
  return sql<number>`coalesce((SELECT max(q.position) FROM queue_entries q WHERE q.live_session_id = ${liveSessionId}), 0) + 1`;
}

/**
 * Joins the free regular lane, in ONE statement: the rules that depend on the session (open, not the fan's own)
 * are conditions of the INSERT itself, so nothing is written unless they hold; the partial UNIQUE index refuses a
 * second active place. Only a refused join reads the session, to say why.
 */
export async function joinRegular(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  now = new Date(),
): Promise<QueueChange> {
  if (isStaff(viewer)) throw forbidden(M.staffCannotJoin);
  const db = getDb(env);
  const at = now.getTime();
  const inserted = await db
    .insert(queueEntries)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          liveSessionId: liveSessions.id,
          userId: sql<string>`${viewer.id}`.as("user_id"),
          lane: sql<QueueLane>`'regular'`.as("lane"),
          state: sql<QueueState>`'waiting'`.as("state"),
          position: nextPositionSql(liveSessionId).as("position"),
          orderId: sql<string | null>`NULL`.as("order_id"),
          gamertag: sql<string | null>`NULL`.as("gamertag"),
          joinedAt: sql<Date>`${at}`.as("joined_at"),
          finishedAt: sql<Date | null>`NULL`.as("finished_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
        })
        .from(liveSessions)
        .where(
          and(
            eq(liveSessions.id, liveSessionId),
            sql`${liveSessions.endedAt} IS NULL`,
            sql`${liveSessions.influencerId} <> ${viewer.id}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: queueEntries.id });
  if (inserted.length === 0) {
    const session = await loadSession(db, liveSessionId);
    assertMayJoin(viewer, session);
    throw conflict(M.alreadyQueued);
  }
  return { liveSessionId, notices: [] };
}

/**
 * One fan's place without reading the whole queue (the join answer): their entry and how many active entries
 * are served before them, counted by the (session, lane, state, position) index.
 */
export async function placeOfUser(db: Db, liveSessionId: string, userId: string): Promise<FanPlace | null> {
  const [row] = await db
    .select(
      named({
        entryId: queueEntries.id,
        lane: queueEntries.lane,
        state: queueEntries.state,
        inLane: sql<number>`(SELECT count(*) FROM queue_entries o WHERE o.live_session_id = ${liveSessionId}
          AND o.lane = ${col(queueEntries.lane)} AND o.state IN ('waiting', 'playing_next', 'in_game')
          AND o.position < ${col(queueEntries.position)})`,
        vipAhead: sql<number>`CASE WHEN ${col(queueEntries.lane)} = 'regular' THEN (SELECT count(*) FROM queue_entries o
          WHERE o.live_session_id = ${liveSessionId} AND o.lane = 'vip' AND o.state IN ('waiting', 'playing_next', 'in_game'))
          ELSE 0 END`,
        durationMinutes: gameModes.durationMinutes,
        playersPerGame: gameModes.noOfPlayers,
        lobbyCode: lobbyCodes.code,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .innerJoin(gameModes, eq(gameModes.id, liveSessions.gameModeId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.liveSessionId, liveSessions.id))
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        eq(queueEntries.userId, userId),
        inArray(queueEntries.state, ACTIVE),
      ),
    )
    .limit(1);
  if (!row) return null;
  const ahead = Number(row.inLane) + Number(row.vipAhead);
  return {
    entryId: row.entryId,
    lane: row.lane,
    state: row.state,
    position: Number(row.inLane) + 1,
    ahead,
    estimatedWaitMinutes: row.state === "waiting" ? estimatedWaitMinutes(ahead, row) : 0,
    lobbyCode: LOBBY_CODE_STATES.includes(row.state) ? row.lobbyCode : null,
  };
}

type EntryWithSession = {
  id: string;
  userId: string;
  lane: QueueLane;
  state: QueueState;
  orderId: string | null;
  liveSessionId: string;
  influencerId: string;
  title: string;
};

async function loadEntry(db: Db, entryId: string): Promise<EntryWithSession> {
  const [entry] = await db
    .select(
      named({
        id: queueEntries.id,
        userId: queueEntries.userId,
        lane: queueEntries.lane,
        state: queueEntries.state,
        orderId: queueEntries.orderId,
        liveSessionId: queueEntries.liveSessionId,
        influencerId: liveSessions.influencerId,
        title: liveSessions.title,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .where(eq(queueEntries.id, entryId))
    .limit(1);
  if (!entry) throw notFound(M.entryNotFound);
  return entry;
}

function assertInSession(entry: EntryWithSession, liveSessionId: string | undefined) {
  if (liveSessionId !== undefined && entry.liveSessionId !== liveSessionId) throw notFound(M.entryNotFound);
}

function finish(db: Db, entryId: string, from: readonly QueueState[], to: QueueState, now: Date) {
  const finished = (ACTIVE as readonly QueueState[]).includes(to) ? null : now;
  return db
    .update(queueEntries)
    .set({ state: to, finishedAt: finished, updatedAt: now })
    .where(and(eq(queueEntries.id, entryId), inArray(queueEntries.state, [...from])))
    .returning({ id: queueEntries.id });
}

/** A fan leaves: their own active entry only. A VIP fan who leaves gives up the place (no refund). */
export async function leaveQueue(
  env: Env,
  viewer: Viewer,
  entryId: string,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  if (entry.userId !== viewer.id) throw forbidden(M.notYourEntry);
  const changed = await finish(db, entryId, ACTIVE, "left", now);
  if (changed.length === 0) throw conflict(M.entryNotActive);
  return { liveSessionId: entry.liveSessionId, notices: [] };
}

const SERVE_NOTICE: Record<ServeTarget, string> = {
  playing_next: M.youArePlayingNext,
  in_game: M.youAreInGame,
  done: M.youAreDone,
};

/** The streamer moves a fan forward: waiting -> playing next -> in game -> done (a step may be skipped). */
export async function moveEntry(
  env: Env,
  viewer: Viewer,
  entryId: string,
  to: ServeTarget,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  assertSessionStreamer(viewer, entry);
  const target = SERVICE_STATES.indexOf(to);
  const from = SERVICE_STATES.filter((state, index) => index < target && (ACTIVE as string[]).includes(state));
  if (!from.includes(entry.state as (typeof from)[number])) throw conflict(M.badTransition);
  const changed = await finish(db, entryId, from, to, now);
  if (changed.length === 0) throw conflict(M.entryNotActive);
  return { liveSessionId: entry.liveSessionId, notices: [{ userId: entry.userId, message: SERVE_NOTICE[to] }] };
}

/** The refund of one unserved VIP place, in one batch with its state change (refunded once, whoever asks twice). */
export async function vipRefundStatements(
  db: Db,
  entry: { id: string; userId: string; orderId: string; amountMinor: number; currency: string },
  from: readonly QueueState[],
  reason: string,
  createdBy: string | null,
  now: Date,
): Promise<BatchItem<"sqlite">[]> {
  const change = db
    .update(queueEntries)
    .set({ state: "refunded", finishedAt: now, updatedAt: now })
    .where(and(eq(queueEntries.id, entry.id), inArray(queueEntries.state, [...from])));
  if (entry.amountMinor <= 0) return [change];
  return [
    change,
    ...walletRefundStatements(db, {
      orderId: entry.orderId,
      userId: entry.userId,
      amountMinor: entry.amountMinor,
      currency: entry.currency,
      reason,
      createdBy,
      guard: sql`changes() = 1`,
    }),
  ];
}

/** The streamer removes a fan. A removed VIP place is refunded to the wallet in the same batch. */
export async function removeEntry(
  env: Env,
  viewer: Viewer,
  entryId: string,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  assertSessionStreamer(viewer, entry);
  if (!(ACTIVE as readonly QueueState[]).includes(entry.state)) throw conflict(M.entryNotActive);
  const notices: QueueNotice[] = [{ userId: entry.userId, message: M.youWereRemoved }];
  if (entry.lane === "regular" || !entry.orderId) {
    const changed = await finish(db, entryId, ACTIVE, "removed", now);
    if (changed.length === 0) throw conflict(M.entryNotActive);
    return { liveSessionId: entry.liveSessionId, notices };
  }
  const [order] = await db
    .select({ amountMinor: orders.amountMinor, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, entry.orderId));
  const statements = await vipRefundStatements(
    db,
    {
      id: entry.id,
      userId: entry.userId,
      orderId: entry.orderId,
      amountMinor: order?.amountMinor ?? 0,
      currency: order?.currency ?? "USD",
    },
    ACTIVE,
    "VIP place removed by the streamer",
    viewer.id,
    now,
  );
  const [first] = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown as [
    { meta?: { changes?: number } },
  ];
  if ((first?.meta?.changes ?? 0) === 0) throw conflict(M.entryNotActive);
  return {
    liveSessionId: entry.liveSessionId,
    notices: [...notices, { userId: entry.userId, message: M.vipRefunded(entry.title) }],
  };
}

export const LOBBY_CODE_MAX = 64;

/** The streamer sets (or clears, with "") the session's lobby code; only fans playing next or in game see it. */
export async function setLiveLobbyCode(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  code: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, liveSessionId);
  assertSessionStreamer(viewer, session);
  const trimmed = code.trim();
  if (trimmed.length > LOBBY_CODE_MAX) throw badRequest(`The lobby code must be at most ${LOBBY_CODE_MAX} characters`);
  if (!trimmed) {
    await db.delete(lobbyCodes).where(eq(lobbyCodes.liveSessionId, liveSessionId));
  } else {
    await db
      .insert(lobbyCodes)
      .values({ id: newId(), liveSessionId, code: trimmed, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: lobbyCodes.liveSessionId, set: { code: trimmed, updatedAt: now } });
  }
  return { liveSessionId, notices: [] };
}
