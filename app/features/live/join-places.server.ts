import { eq, sql } from "drizzle-orm";
import { compiledStatement, named } from "~/platform/db.server";
import { ACTIVE_QUEUE_STATES, gameModes, liveSessions, lobbyCodes, type QueueLane, type QueueState } from "~db/schema";
import { type FanPlace, fanPlaces, finishedTurnsSql, turnsOf } from "./snapshot.server";
import { serviceOrder, type VipPerRegular } from "./turns";
import { playsOf, playsQuery, startedLanesQuery, vipStreakOf } from "./turns.server";

/**
 * A regular join's answer, the fan's place, read in the join group's own D1 batch (after its inserts, so it sees
 * them) by three statements compiled once per isolate: the session's line as ONE JSON value built by SQLite (each
 * active place's id, fan, lane, state, position, line key and ready check), the session's turn rule, game and
 * latest finished turns beside it; the finished turns per fan; the lanes of the latest started turns. The place is
 * then computed as the snapshot computes it (turns.ts `serviceOrder`, snapshot.server.ts `fanPlaces`), so the two
 * agree. The whole snapshot (usernames, history, alert outcomes, endings), read row by row and decoded by Drizzle,
 * cost most of a join's CPU once the queue held hundreds of fans, read after every group; the broadcast still
 * reads it, once per burst.
 */

/** One active place as the line statement gives it: [id, userId, lane, state, position, lineKey, readyDeadline, readyConfirmedAt]. */
type LineTuple = [string, string, QueueLane, QueueState, number, number | null, number | null, number | null];

const lineStatement = compiledStatement((db) => {
  const id = sql.placeholder("liveSessionId");
  const active = sql.join(
    ACTIVE_QUEUE_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  return db
    .select(
      named({
        durationMinutes: gameModes.durationMinutes,
        playersPerGame: gameModes.noOfPlayers,
        lobbyCode: lobbyCodes.code,
        vipPerRegular: liveSessions.vipPerRegular,
        line: sql<string>`(SELECT json_group_array(json_array(e.id, e.user_id, e.lane, e.state, e.position, e.line_key,
          e.ready_deadline, e.ready_confirmed_at)) FROM queue_entries e WHERE e.live_session_id = ${id}
          AND e.state IN (${active}))`,
        turns: finishedTurnsSql(id),
      }),
    )
    .from(liveSessions)
    .innerJoin(gameModes, eq(gameModes.id, liveSessions.gameModeId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.liveSessionId, liveSessions.id))
    .where(eq(liveSessions.id, id))
    .limit(1);
});

const playsStatement = compiledStatement((db) => playsQuery(db, sql.placeholder("liveSessionId")));
const startedStatement = compiledStatement((db) => startedLanesQuery(db, sql.placeholder("liveSessionId")));

/** The statements of the join answer, to put at the end of the join group's batch (values: liveSessionId). */
export function joinPlacesStatements(d1: D1Database, liveSessionId: string): D1PreparedStatement[] {
  return [lineStatement, playsStatement, startedStatement].map((statement) => statement(d1, { liveSessionId }));
}

type LineRow = {
  durationMinutes: number;
  playersPerGame: number;
  lobbyCode: string | null;
  vipPerRegular: VipPerRegular;
  line: string;
  turns: string | null;
};

/** These fans' places from the results of `joinPlacesStatements` (in their order); null for a session not found. */
export function joinedPlaces(
  results: readonly D1Result[],
  userIds: ReadonlySet<string>,
): ((userId: string) => FanPlace | null) | null {
  const [lineResult, playsResult, startedResult] = results;
  const row = lineResult?.results[0] as LineRow | undefined;
  if (!row) return null;
  const entries = (JSON.parse(row.line) as LineTuple[]).map(
    ([id, userId, lane, state, position, lineKey, readyDeadline, readyConfirmedAt]) => ({
      id,
      userId,
      lane,
      state,
      position,
      lineKey,
      readyDeadline: readyDeadline === null ? null : new Date(readyDeadline),
      readyConfirmedAt: readyConfirmedAt === null ? null : new Date(readyConfirmedAt),
    }),
  );
  const plays = playsOf((playsResult?.results ?? []) as { userId: string; plays: number }[]);
  const vipStreak = vipStreakOf((startedResult?.results ?? []) as { lane: string }[]);
  return fanPlaces(
    {
      session: row,
      entries: serviceOrder(entries, { vipPerRegular: row.vipPerRegular, plays, vipStreak }),
      turnsMs: turnsOf(row.turns),
    },
    userIds,
  );
}
