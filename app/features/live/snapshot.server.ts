import { and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, type Money, money } from "~/lib/money";
import { col, type Db, named } from "~/platform/db.server";
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
} from "~db/schema";
import { estimatedWaitMinutes, type LineCounts, lineCounts, positionInLine, turnMinutes } from "./line";
import { LIVE_MESSAGES as M } from "./messages";

/**
 * A live session's queue as it is read: the snapshot every socket's view is made from, one fan's place, and the
 * one statement shape that inserts a place (queue.server.ts for regular and wallet VIP joins, vip-step.server.ts
 * for a VIP place paid by card).
 *
 * `position` is the session's join counter: each join takes max(position) + 1 in the same INSERT statement, so
 * positions are unique (UNIQUE (live_session_id, position)) and gap-free whoever inserts. The place a fan sees is
 * their rank in their lane among the active entries; the order of service is VIP before regular, then position.
 */
export type QueueSessionInfo = {
  id: string;
  influencerId: string;
  title: string;
  endedAt: Date | null;
  /** The VIP price exactly as the streamer set it, in their currency. */
  priceMinor: number;
  currency: CurrencyCode;
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

/** What happened to a fan's place when the session ended while they waited: not reached, or refunded (a VIP place). */
export type QueueEnding =
  | { userId: string; outcome: "not_reached" }
  | { userId: string; outcome: "refunded"; refund: Money };

export type QueueSnapshot = {
  session: QueueSessionInfo;
  entries: QueueRow[];
  /** The lengths of the session's latest finished turns, in ms (the wait estimate). */
  turnsMs: number[];
  /** Once the session has ended: the places it ended (empty while it is open). */
  endings: QueueEnding[];
};

export const ACTIVE = [...ACTIVE_QUEUE_STATES];
/** The fans who see the session's lobby code. */
export const LOBBY_CODE_STATES: readonly QueueState[] = ["playing_next", "in_game"];

export function sessionInfoQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: liveSessions.id,
        influencerId: liveSessions.influencerId,
        title: liveSessions.title,
        endedAt: liveSessions.endedAt,
        priceMinor: liveSessions.listPriceMinor,
        currency: liveSessions.baseCurrency,
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

/** The lengths of the session's latest finished turns (in game to done), as a JSON array of ms: one SQL value. */
const TURNS_COUNTED = 100;
function finishedTurnsSql(liveSessionId: string | Placeholder) {
  return sql<string>`(SELECT json_group_array(t.ms) FROM (SELECT d.finished_at - d.in_game_at AS ms
    FROM queue_entries d WHERE d.live_session_id = ${liveSessionId} AND d.lane IN ('vip', 'regular')
    AND d.state = 'done' AND d.in_game_at IS NOT NULL ORDER BY d.finished_at DESC LIMIT ${sql.raw(String(TURNS_COUNTED))}) t)`;
}

function turnsOf(json: string | null | undefined): number[] {
  if (!json) return [];
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(Number) : [];
}

/** The places a session's end finished while their fans still waited, with a VIP place's refund (its order's amount). */
function endingsQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        userId: queueEntries.userId,
        state: queueEntries.state,
        amountMinor: orders.amountMinor,
        currency: orders.currency,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .leftJoin(orders, eq(orders.id, queueEntries.orderId))
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        inArray(queueEntries.state, ["removed", "refunded"]),
        sql`${col(queueEntries.finishedAt)} = ${col(liveSessions.endedAt)}`,
      ),
    );
}

/**
 * The session, its active entries in order of service (VIP lane first, each in join order), its latest finished
 * turns and, once ended, what its end did to the fans still waiting. One round trip.
 */
export async function queueSnapshot(db: Db, liveSessionId: string): Promise<QueueSnapshot | null> {
  const [sessionRows, entries, turns, endings] = await db.batch([
    sessionInfoQuery(db, liveSessionId),
    activeEntriesQuery(db, liveSessionId),
    db.select({ json: finishedTurnsSql(liveSessionId) }).from(sql`(SELECT 1)`),
    endingsQuery(db, liveSessionId),
  ]);
  const session = sessionRows[0];
  if (!session) return null;
  return {
    session,
    entries,
    turnsMs: turnsOf(turns[0]?.json),
    endings: endings.map(
      (row): QueueEnding =>
        row.state === "refunded" && row.amountMinor !== null && row.currency !== null
          ? { userId: row.userId, outcome: "refunded", refund: money(row.amountMinor, row.currency) }
          : { userId: row.userId, outcome: "not_reached" },
    ),
  };
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
  /** Their place in the whole line, from 1 (line.ts `positionInLine`); null once in game. */
  line: number | null;
  /** Fans served before them, those in game included. */
  ahead: number;
  /** Waiting VIP places served before a regular fan (0 for a VIP fan). */
  vipAhead: number;
  /** Minutes until their game (line.ts `estimatedWaitMinutes`), at least 1 while waiting; 0 once called. */
  estimatedWaitMinutes: number;
  /** The session's lobby code, only while playing next or in game. */
  lobbyCode: string | null;
};

type PlaceCounts = LineCounts & { entryId: string; inLane: number; inGame: number };

/** A fan's place from what is counted ahead of them: the one shape both the snapshot and the join answer take. */
function placeFrom(
  counts: PlaceCounts,
  session: Pick<QueueSessionInfo, "durationMinutes" | "playersPerGame" | "lobbyCode">,
  turnsMs: readonly number[],
): FanPlace {
  const line = positionInLine(counts);
  const ahead = counts.state === "in_game" ? counts.inLane : counts.inGame + (line ?? 1) - 1;
  return {
    entryId: counts.entryId,
    lane: counts.lane,
    state: counts.state,
    position: counts.inLane + 1,
    line,
    ahead,
    vipAhead: counts.lane === "regular" ? counts.vipWaitingAhead : 0,
    estimatedWaitMinutes:
      counts.state === "waiting"
        ? estimatedWaitMinutes({
            ahead,
            playersPerGame: session.playersPerGame,
            turnMinutes: turnMinutes(turnsMs, session.durationMinutes),
          })
        : 0,
    lobbyCode: LOBBY_CODE_STATES.includes(counts.state) ? session.lobbyCode : null,
  };
}

export function fanPlace(snapshot: QueueSnapshot, userId: string): FanPlace | null {
  return fanPlaces(snapshot)(userId);
}

/**
 * Every fan's place at once, for a broadcast that sends each fan theirs: the queue is walked once (line.ts
 * `linePositions` counts what is ahead of each entry), so n fans cost O(n), not n scans of the queue.
 */
export function fanPlaces(snapshot: QueueSnapshot): (userId: string) => FanPlace | null {
  const places = new Map<string, FanPlace>();
  const seen = { vip: 0, regular: 0 };
  let inGame = 0;
  for (const entry of snapshot.entries) if (entry.state === "in_game") inGame++;
  const counted = lineCounts(snapshot.entries);
  for (const entry of snapshot.entries) {
    const counts = counted.get(entry.id);
    if (counts && !places.has(entry.userId)) {
      places.set(
        entry.userId,
        placeFrom(
          { ...counts, entryId: entry.id, inLane: seen[entry.lane], inGame },
          snapshot.session,
          snapshot.turnsMs,
        ),
      );
    }
    seen[entry.lane]++;
  }
  return (userId) => places.get(userId) ?? null;
}

export async function loadSession(db: Db, liveSessionId: string): Promise<QueueSessionInfo> {
  const [session] = await sessionInfoQuery(db, liveSessionId);
  if (!session) throw notFound(M.notFound);
  return session;
}

/** The next join position of the session, computed inside the inserting statement. */
export function nextPositionSql(liveSessionId: string | Placeholder) {
  return sql<number>`coalesce((SELECT max(q.position) FROM queue_entries q WHERE q.live_session_id = ${liveSessionId}), 0) + 1`;
}

/**
 * The gamer-tag network of a session's platform (PlayStation, Xbox, Nintendo), or "other" where the platform has no
 * one network (PC, mobile).
 */
export function sessionNetworkSql(liveSessionId: string | Placeholder | SQL) {
  return sql<string>`(SELECT CASE p.platform_id_name WHEN 'nintendo-switch' THEN 'nintendo' WHEN 'playstation'
    THEN 'playstation' WHEN 'xbox' THEN 'xbox' ELSE 'other' END
    FROM live_sessions ls JOIN platforms p ON p.id = ls.platform_id WHERE ls.id = ${liveSessionId})`;
}

/**
 * The gamer tag a fan has saved for a session (within a select from `live_sessions`): their tag on the network of
 * the session's platform, else their latest saved tag, else none. What the join form is prefilled with, and what a
 * join that names no tag (the API) takes.
 */
export function savedGamertagSql(userId: string | Placeholder) {
  return sql<string | null>`(SELECT g.tag FROM user_gamertags g
    WHERE g.user_id = ${userId}
    ORDER BY g.platform = ${sessionNetworkSql(col(liveSessions.id))} DESC, g.created_at DESC, g.id
    LIMIT 1)`;
}

/** The tag a fan has saved for this session (`savedGamertagSql`): the join form's prefill; null when none. */
export async function savedGamertag(db: Db, userId: string, liveSessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ tag: savedGamertagSql(userId) })
    .from(liveSessions)
    .where(eq(liveSessions.id, liveSessionId))
    .limit(1);
  return row?.tag ?? null;
}

/**
 * The INSERT of a waiting place with the session's next position, from the session row, only where `where`
 * holds (the session open, and whatever the caller adds). The caller chains `.onConflictDoNothing()` or lets the
 * partial UNIQUE index fail its batch. The place's gamer tag is the one given (null: the fan's saved one).
 */
export function placeInsert(
  db: Db,
  place: {
    liveSessionId: string | Placeholder;
    userId: string | Placeholder;
    lane: QueueLane;
    orderId: string | null;
    at: number | Placeholder;
    /** The new entry's id: a fresh one unless given (a compiled statement gives a placeholder). */
    id?: Placeholder;
    /** The tag the fan gave when joining (SQL for a card payment's order; null or absent: their saved one). */
    gamertag?: string | null | Placeholder | SQL;
  },
  ...where: SQL[]
) {
  return db.insert(queueEntries).select(
    db
      .select({
        id: sql<string>`${place.id ?? newId()}`.as("id"),
        liveSessionId: liveSessions.id,
        userId: sql<string>`${place.userId}`.as("user_id"),
        lane: sql<QueueLane>`${place.lane}`.as("lane"),
        state: sql<QueueState>`'waiting'`.as("state"),
        position: nextPositionSql(place.liveSessionId).as("position"),
        orderId: sql<string | null>`${place.orderId}`.as("order_id"),
        gamertag: sql<
          string | null
        >`coalesce(nullif(trim(${place.gamertag ?? null}), ''), ${savedGamertagSql(place.userId)})`.as("gamertag"),
        joinedAt: sql<Date>`${place.at}`.as("joined_at"),
        inGameAt: sql<Date | null>`NULL`.as("in_game_at"),
        finishedAt: sql<Date | null>`NULL`.as("finished_at"),
        updatedAt: sql<Date>`${place.at}`.as("updated_at"),
      })
      .from(liveSessions)
      .where(and(eq(liveSessions.id, place.liveSessionId), sql`${liveSessions.endedAt} IS NULL`, ...where)),
  );
}

/**
 * The places of some fans without reading the whole queue (the join answer): each one's active entry and what is
 * counted ahead of it (line.ts `LineCounts`), each count one range of the (session, lane, state, position) index,
 * with the session's latest turns. The fans' ids are one JSON parameter (a group of joins
 * may hold more ids than D1 binds in one statement). A select builder, so a group of joins reads its places in the
 * same batch as it writes them; `placesFromRows` turns its rows into places. Its fields are plain SQL values, named,
 * so D1's own rows are already these rows (a compiled statement's, in a join group); a placeholder for `userIds`
 * stands for the ids' JSON text.
 */
export function placesQuery(db: Db, liveSessionId: string | Placeholder, userIds: readonly string[] | Placeholder) {
  const lane = col(queueEntries.lane);
  const position = col(queueEntries.position);
  // o is served before this entry: the VIP lane before the regular one, then join order.
  const before = sql`((o.lane = 'vip' AND ${lane} = 'regular') OR (o.lane = ${lane} AND o.position < ${position}))`;
  return db
    .select(
      named({
        userId: queueEntries.userId,
        entryId: queueEntries.id,
        lane: queueEntries.lane,
        state: queueEntries.state,
        // Each count reads one range of the (session, lane, state, position) index.
        inLane: sql<number>`(SELECT count(*) FROM queue_entries o WHERE o.live_session_id = ${liveSessionId}
          AND o.lane = ${lane} AND o.state IN ('waiting', 'playing_next', 'in_game') AND o.position < ${position})`,
        calledAhead: sql<number>`(SELECT count(*) FROM queue_entries o WHERE o.live_session_id = ${liveSessionId}
          AND o.lane IN ('vip', 'regular') AND o.state = 'playing_next'
          AND (${col(queueEntries.state)} = 'waiting' OR ${before}))`,
        waitingAheadInLane: sql<number>`(SELECT count(*) FROM queue_entries o WHERE o.live_session_id = ${liveSessionId}
          AND o.lane = ${lane} AND o.state = 'waiting' AND o.position < ${position})`,
        vipWaitingAhead: sql<number>`CASE WHEN ${lane} = 'regular' THEN (SELECT count(*) FROM queue_entries o
          WHERE o.live_session_id = ${liveSessionId} AND o.lane = 'vip' AND o.state = 'waiting') ELSE 0 END`,
        inGame: sql<number>`(SELECT count(*) FROM queue_entries o WHERE o.live_session_id = ${liveSessionId}
          AND o.lane IN ('vip', 'regular') AND o.state = 'in_game')`,
        turns: finishedTurnsSql(liveSessionId),
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
        sql`${col(queueEntries.userId)} IN (SELECT value FROM json_each(${Array.isArray(userIds) ? JSON.stringify(userIds) : userIds}))`,
        inArray(queueEntries.state, ACTIVE),
      ),
    );
}

export type PlaceRow = Awaited<ReturnType<typeof placesQuery>>[number];

/** Each fan's place by user id, from `placesQuery`'s rows (a fan with no active entry is absent). */
export function placesFromRows(rows: readonly PlaceRow[]): Map<string, FanPlace> {
  const places = new Map<string, FanPlace>();
  for (const row of rows) {
    const counts = {
      entryId: row.entryId,
      lane: row.lane,
      state: row.state,
      inLane: Number(row.inLane),
      calledAhead: Number(row.calledAhead),
      waitingAheadInLane: Number(row.waitingAheadInLane),
      vipWaitingAhead: Number(row.vipWaitingAhead),
      inGame: Number(row.inGame),
    };
    places.set(row.userId, placeFrom(counts, row, turnsOf(row.turns)));
  }
  return places;
}

/** One fan's place without reading the whole queue (`placesQuery` for one fan). */
export async function placeOfUser(db: Db, liveSessionId: string, userId: string): Promise<FanPlace | null> {
  return placesFromRows(await placesQuery(db, liveSessionId, [userId])).get(userId) ?? null;
}
