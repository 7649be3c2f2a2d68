import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alertOutcomesOf, sessionAlertsQuery } from "~/features/alerts/index.server";
import { passUsedSql } from "~/features/passes/index.server";
import { notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, type Money, money } from "~/lib/money";
import { col, type Db, named } from "~/platform/db.server";
import {
  ACTIVE_QUEUE_STATES,
  type AlertOutcome,
  gameModes,
  type JoinSource,
  liveSessions,
  lobbyCodes,
  orders,
  type QueueLane,
  type QueueState,
  queueEntries,
  users,
} from "~db/schema";
import { LIVE_COPY } from "./copy";
import { savedGamertagSql } from "./gamertags.server";
import { estimatedWaitMinutes, type LineCounts, lineCounts, positionInLine, turnMinutes } from "./line";
import { historyOf, historyQuery } from "./queue-events.server";
import { type QueueEventPayload, type ReadyCheck, readyCheckOf, type VipMissed } from "./ready-check";
import { serviceOrder, type VipPerRegular } from "./turns";
import { playsOf, playsQuery, startedLanesQuery, vipStreakOf } from "./turns.server";

/**
 * A live session's queue as it is read: the snapshot every socket's view is made from, one fan's place, and the
 * one statement shape that inserts a place (queue.server.ts for regular and wallet VIP joins, vip-step.server.ts
 * for a VIP place paid by card).
 *
 * `position` is the session's join counter: each join takes max(position) + 1 in the same INSERT statement, so
 * positions are unique (UNIQUE (live_session_id, position)) and gap-free whoever inserts. The place a fan sees is
 * their rank in their lane among the active entries; the order of service is the session's turn rule (turns.ts).
 */
export type QueueSessionInfo = {
  id: string;
  streamerId: string;
  title: string;
  endedAt: Date | null;
  /** The VIP price exactly as the streamer set it, in their currency. */
  priceMinor: number;
  currency: CurrencyCode;
  durationMinutes: number;
  playersPerGame: number;
  lobbyCode: string | null;
  /** The turn rule (turns.ts): null is VIP first. */
  vipPerRegular: VipPerRegular;
  /** Turns that must finish after a fan's last before they may rejoin the regular lane. */
  rejoinCooldown: number;
  /** The ready check's countdown, in seconds (ready-check.ts). */
  readySeconds: number;
  /** What a missed ready check does to a VIP place. */
  vipMissed: VipMissed;
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
  readyDeadline: Date | null;
  readyConfirmedAt: Date | null;
  readyMisses: number;
  lineKey: number | null;
  /** Where the place was joined from (the site, Twitch chat, Discord). */
  source: JoinSource;
};

/**
 * What the session's end did to a fan's place (their final outcome): not reached (waiting or called), refunded (a
 * VIP place not played), or played (in game at the end).
 */
type QueueEnding =
  | { userId: string; outcome: "not_reached" }
  | { userId: string; outcome: "played" }
  | { userId: string; outcome: "refunded"; refund: Money; passUse: boolean };

export type QueueSnapshot = {
  session: QueueSessionInfo;
  /** The active entries in order of service (turns.ts `serviceOrder`). */
  entries: QueueRow[];
  /** Finished turns per fan (user id) in this session. */
  plays: Map<string, number>;
  /** Each queued fan's latest alert ("you're up"): delivered, fell back to email, failed or still being sent. */
  alerts: Map<string, AlertOutcome>;
  /** The lengths of the session's latest finished turns, in ms (the wait estimate). */
  turnsMs: number[];
  /** Once the session has ended: the places it ended (empty while it is open). */
  endings: QueueEnding[];
  /** The latest started turns, newest first (turns.server.ts `startedLanesQuery`): the ratio's count so far. */
  started: { id: string; lane: QueueLane }[];
  /** The latest steps of the session's ready checks, newest first. */
  history: QueueEventPayload[];
};

export const ACTIVE = [...ACTIVE_QUEUE_STATES];
/** The fans who see the session's lobby code. */
export const LOBBY_CODE_STATES: readonly QueueState[] = ["playing_next", "in_game"];

function sessionInfoQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: liveSessions.id,
        streamerId: liveSessions.streamerId,
        title: liveSessions.title,
        endedAt: liveSessions.endedAt,
        priceMinor: liveSessions.listPriceMinor,
        currency: liveSessions.baseCurrency,
        durationMinutes: gameModes.durationMinutes,
        playersPerGame: gameModes.noOfPlayers,
        lobbyCode: lobbyCodes.code,
        vipPerRegular: liveSessions.vipPerRegular,
        rejoinCooldown: liveSessions.rejoinCooldown,
        readySeconds: liveSessions.readySeconds,
        vipMissed: liveSessions.vipMissed,
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
        readyDeadline: queueEntries.readyDeadline,
        readyConfirmedAt: queueEntries.readyConfirmedAt,
        readyMisses: queueEntries.readyMisses,
        lineKey: queueEntries.lineKey,
        source: queueEntries.source,
      }),
    )
    .from(queueEntries)
    .innerJoin(users, eq(users.id, queueEntries.userId))
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), inArray(queueEntries.state, ACTIVE)))
    .orderBy(asc(queueEntries.position));
}

/** The lengths of the session's latest finished turns (in game to done), as a JSON array of ms: one SQL value. */
const TURNS_COUNTED = 100;
export function finishedTurnsSql(liveSessionId: string | Placeholder) {
  return sql<string>`(SELECT json_group_array(t.ms) FROM (SELECT d.finished_at - d.in_game_at AS ms
    FROM queue_entries d WHERE d.live_session_id = ${liveSessionId} AND d.lane IN ('vip', 'regular')
    AND d.state = 'done' AND d.in_game_at IS NOT NULL ORDER BY d.finished_at DESC LIMIT ${sql.raw(String(TURNS_COUNTED))}) t)`;
}

export function turnsOf(json: string | null | undefined): number[] {
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
        // Paid with a VIP pass: the place's use came back, not money (ADR 032).
        passUse: sql<number>`${passUsedSql(col(queueEntries.orderId))}`,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .leftJoin(orders, eq(orders.id, queueEntries.orderId))
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        inArray(queueEntries.state, ["removed", "refunded", "done"]),
        sql`${col(queueEntries.finishedAt)} = ${col(liveSessions.endedAt)}`,
      ),
    );
}

/**
 * The session, its active entries in order of service (turns.ts `serviceOrder`), its latest finished turns, what its
 * end did to the fans still waiting, and its turn counts (play counts, the ratio's count so far). One round trip.
 */
export async function queueSnapshot(db: Db, liveSessionId: string): Promise<QueueSnapshot | null> {
  const [sessionRows, entries, turns, endings, plays, started, history, alerts] = await db.batch([
    sessionInfoQuery(db, liveSessionId),
    activeEntriesQuery(db, liveSessionId),
    db.select({ json: finishedTurnsSql(liveSessionId) }).from(sql`(SELECT 1)`),
    endingsQuery(db, liveSessionId),
    playsQuery(db, liveSessionId),
    startedLanesQuery(db, liveSessionId),
    historyQuery(db, liveSessionId),
    sessionAlertsQuery(db, liveSessionId),
  ]);
  const session = sessionRows[0];
  if (!session) return null;
  const playCounts = playsOf(plays);
  const vipStreak = vipStreakOf(started);
  return {
    session,
    entries: serviceOrder(entries, { vipPerRegular: session.vipPerRegular, plays: playCounts, vipStreak }),
    started,
    history: historyOf(history),
    plays: playCounts,
    alerts: alertOutcomesOf(alerts),
    turnsMs: turnsOf(turns[0]?.json),
    endings: endings.map(
      (row): QueueEnding =>
        row.state === "refunded" && row.amountMinor !== null && row.currency !== null
          ? {
              userId: row.userId,
              outcome: "refunded",
              refund: money(row.amountMinor, row.currency),
              passUse: Boolean(row.passUse),
            }
          : row.state === "done"
            ? { userId: row.userId, outcome: "played" }
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
  /** The session's turn rule (turns.ts): what the fan's page says about the VIP places ahead. */
  vipPerRegular: VipPerRegular;
  /** Minutes until their game (line.ts `estimatedWaitMinutes`), at least 1 while waiting; 0 once called. */
  estimatedWaitMinutes: number;
  /** The session's lobby code, only while playing next or in game. */
  lobbyCode: string | null;
  /** Once called: their ready check, counting down or confirmed (ready-check.ts). */
  ready: ReadyCheck | null;
};

/** What of the session a fan's place depends on. */
type PlaceSession = Pick<QueueSessionInfo, "durationMinutes" | "playersPerGame" | "lobbyCode" | "vipPerRegular">;
type ReadyCheckRow = Pick<QueueRow, "readyDeadline" | "readyConfirmedAt">;

type PlaceCounts = LineCounts & { entryId: string; inLane: number; inGame: number; ready: ReadyCheck | null };

/** A fan's place from what is counted ahead of them: the one shape both the snapshot and the join answer take. */
function placeFrom(counts: PlaceCounts, session: PlaceSession, turnsMs: readonly number[]): FanPlace {
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
    vipPerRegular: session.vipPerRegular,
    estimatedWaitMinutes:
      counts.state === "waiting"
        ? estimatedWaitMinutes({
            ahead,
            playersPerGame: session.playersPerGame,
            turnMinutes: turnMinutes(turnsMs, session.durationMinutes),
          })
        : 0,
    lobbyCode: LOBBY_CODE_STATES.includes(counts.state) ? session.lobbyCode : null,
    ready: counts.state === "playing_next" ? counts.ready : null,
  };
}

export function fanPlace(snapshot: QueueSnapshot, userId: string): FanPlace | null {
  return fanPlaces(snapshot)(userId);
}

/**
 * Every fan's place at once, for a broadcast that sends each fan theirs: the queue is walked once (line.ts
 * `linePositions` counts what is ahead of each entry), so n fans cost O(n), not n scans of the queue.
 */
export function fanPlaces(
  snapshot: {
    session: PlaceSession;
    /** The active places in order of service, with their ready checks. */
    entries: readonly (Pick<QueueRow, "id" | "userId" | "lane" | "state"> & ReadyCheckRow)[];
    turnsMs: readonly number[];
  },
  /** Only these fans' places (a join group's answer); every fan's when absent. */
  only?: ReadonlySet<string>,
): (userId: string) => FanPlace | null {
  const places = new Map<string, FanPlace>();
  const seen = { vip: 0, regular: 0 };
  let inGame = 0;
  for (const entry of snapshot.entries) if (entry.state === "in_game") inGame++;
  const counted = lineCounts(snapshot.entries);
  for (const entry of snapshot.entries) {
    const counts = counted.get(entry.id);
    if (counts && !places.has(entry.userId) && (!only || only.has(entry.userId))) {
      places.set(
        entry.userId,
        placeFrom(
          { ...counts, entryId: entry.id, inLane: seen[entry.lane], inGame, ready: readyCheckOf(entry) },
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
  if (!session) throw notFound(LIVE_COPY.notFound);
  return session;
}

/** The next join position of the session, computed inside the inserting statement. */
function nextPositionSql(liveSessionId: string | Placeholder) {
  return sql<number>`coalesce((SELECT max(q.position) FROM queue_entries q WHERE q.live_session_id = ${liveSessionId}), 0) + 1`;
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
    /** Where it was joined from (absent: the site). */
    source?: Placeholder;
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
        readyDeadline: sql<Date | null>`NULL`.as("ready_deadline"),
        readyConfirmedAt: sql<Date | null>`NULL`.as("ready_confirmed_at"),
        readyMisses: sql<number>`0`.as("ready_misses"),
        lineKey: sql<number | null>`NULL`.as("line_key"),
        party: sql<boolean>`0`.as("party"),
        source: sql<JoinSource>`${place.source ?? "web"}`.as("source"),
        updatedAt: sql<Date>`${place.at}`.as("updated_at"),
      })
      .from(liveSessions)
      .where(and(eq(liveSessions.id, place.liveSessionId), sql`${liveSessions.endedAt} IS NULL`, ...where)),
  );
}

/** One fan's place (the join answer, GET of one's own place): read from the session's snapshot. */
export async function placeOfUser(db: Db, liveSessionId: string, userId: string): Promise<FanPlace | null> {
  const snapshot = await queueSnapshot(db, liveSessionId);
  return snapshot ? fanPlace(snapshot, userId) : null;
}
