import { and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db, named } from "~/platform/db.server";
import {
  ACTIVE_QUEUE_STATES,
  gameModes,
  liveSessions,
  lobbyCodes,
  type QueueLane,
  type QueueState,
  queueEntries,
  users,
} from "~db/schema";
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

export type QueueSnapshot = { session: QueueSessionInfo; entries: QueueRow[] };

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
  return fanPlaceAt(snapshot, index, laneCounts(snapshot.entries).vip);
}

/**
 * Every fan's place at once, for a broadcast that sends each fan theirs: the queue is indexed once, so n fans cost
 * O(n), not n scans of the queue.
 */
export function fanPlaces(snapshot: QueueSnapshot): (userId: string) => FanPlace | null {
  const indexOf = new Map<string, number>();
  snapshot.entries.forEach((entry, index) => {
    if (!indexOf.has(entry.userId)) indexOf.set(entry.userId, index);
  });
  const vipCount = laneCounts(snapshot.entries).vip;
  return (userId) => fanPlaceAt(snapshot, indexOf.get(userId) ?? -1, vipCount);
}

function fanPlaceAt(snapshot: QueueSnapshot, index: number, vipCount: number): FanPlace | null {
  const entry = snapshot.entries[index];
  if (!entry) return null;
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

/** The next join position of the session, computed inside the inserting statement. */
export function nextPositionSql(liveSessionId: string | Placeholder) {
  return sql<number>`coalesce((SELECT max(q.position) FROM queue_entries q WHERE q.live_session_id = ${liveSessionId}), 0) + 1`;
}

/**
 * The INSERT of a waiting place with the session's next position, from the session row, only where `where`
 * holds (the session open, and whatever the caller adds). The caller chains `.onConflictDoNothing()` or lets the
 * partial UNIQUE index fail its batch.
 */
/**
 * The gamer tag a place shows the streamer, taken when the fan joins: their tag on the network of the session's
 * platform (PlayStation, Xbox, Nintendo; a PC session has no one network), else their first saved tag, else none.
 */
function placeGamertagSql(userId: string | Placeholder) {
  return sql<string | null>`(SELECT g.tag FROM user_gamertags g
    LEFT JOIN platforms p ON p.id = ${col(liveSessions.platformId)}
    WHERE g.user_id = ${userId}
    ORDER BY CASE WHEN g.platform = CASE p.platform_id_name WHEN 'nintendo-switch' THEN 'nintendo'
      ELSE p.platform_id_name END THEN 0 ELSE 1 END, g.created_at, g.id
    LIMIT 1)`;
}

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
        gamertag: placeGamertagSql(place.userId).as("gamertag"),
        joinedAt: sql<Date>`${place.at}`.as("joined_at"),
        finishedAt: sql<Date | null>`NULL`.as("finished_at"),
        updatedAt: sql<Date>`${place.at}`.as("updated_at"),
      })
      .from(liveSessions)
      .where(and(eq(liveSessions.id, place.liveSessionId), sql`${liveSessions.endedAt} IS NULL`, ...where)),
  );
}

/**
 * The places of some fans without reading the whole queue (the join answer): each one's active entry and how many
 * active entries are served before it, counted by the (session, lane, state, position) index. The fans' ids are one
 * JSON parameter (a group of joins may hold more ids than D1 binds in one statement). A select builder, so a group
 * of joins reads its places in the same batch as it writes them; `placesFromRows` turns its rows into places. Its
 * fields are plain SQL values, named, so D1's own rows are already these rows (a compiled statement's, in a join
 * group); a placeholder for `userIds` stands for the ids' JSON text.
 */
export function placesQuery(db: Db, liveSessionId: string | Placeholder, userIds: readonly string[] | Placeholder) {
  return db
    .select(
      named({
        userId: queueEntries.userId,
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
    const ahead = Number(row.inLane) + Number(row.vipAhead);
    places.set(row.userId, {
      entryId: row.entryId,
      lane: row.lane,
      state: row.state,
      position: Number(row.inLane) + 1,
      ahead,
      estimatedWaitMinutes: row.state === "waiting" ? estimatedWaitMinutes(ahead, row) : 0,
      lobbyCode: LOBBY_CODE_STATES.includes(row.state) ? row.lobbyCode : null,
    });
  }
  return places;
}

/** One fan's place without reading the whole queue (`placesQuery` for one fan). */
export async function placeOfUser(db: Db, liveSessionId: string, userId: string): Promise<FanPlace | null> {
  return placesFromRows(await placesQuery(db, liveSessionId, [userId])).get(userId) ?? null;
}
