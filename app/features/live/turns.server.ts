import { and, count, desc, eq, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { col, type Db, named } from "~/platform/db.server";
import { liveSessions, queueEntries } from "~db/schema";
import { VIP_PER_REGULAR_MAX } from "./turns";

/**
 * The turn counts of a live session (docs/domain.md "Queue place": rotation and rejoin cooldown): how many turns
 * each fan has finished, how many VIP turns have started since the last regular one, and how many turns have finished
 * since a fan's last. A turn is a place served to `done`.
 */

/** Finished turns per fan of the session. */
export function playsQuery(db: Db, liveSessionId: string | Placeholder) {
  return db
    .select(named({ userId: queueEntries.userId, plays: count() }))
    .from(queueEntries)
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), eq(queueEntries.state, "done")))
    .groupBy(queueEntries.userId);
}

export function playsOf(rows: readonly { userId: string; plays: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.userId, Number(row.plays)]));
}

/**
 * The lanes of the session's latest started turns, newest first: those called to play next, then those in game or
 * done by when their game began. Enough of them to count the longest VIP streak a rule asks for.
 */
export function startedLanesQuery(db: Db, liveSessionId: string | Placeholder) {
  return db
    .select(named({ id: queueEntries.id, lane: queueEntries.lane }))
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        inArray(queueEntries.state, ["playing_next", "in_game", "done"]),
      ),
    )
    .orderBy(
      desc(sql`${col(queueEntries.state)} = 'playing_next'`),
      desc(
        sql`coalesce(${col(queueEntries.inGameAt)}, ${col(queueEntries.finishedAt)}, ${col(queueEntries.updatedAt)})`,
      ),
      desc(queueEntries.position),
    )
    .limit(VIP_PER_REGULAR_MAX + 1);
}

/** VIP turns started since the last regular one, from `startedLanesQuery`'s rows. */
export function vipStreakOf(rows: readonly { lane: string }[]): number {
  const firstRegular = rows.findIndex((row) => row.lane === "regular");
  return firstRegular === -1 ? rows.length : firstRegular;
}

/**
 * Turns of the session finished since the fan's last finished one (null when they have not played), as SQL within a
 * statement over `live_sessions`.
 */
function turnsSinceLastSql(userId: string | Placeholder | SQL) {
  const last = sql`(SELECT max(m.finished_at) FROM queue_entries m WHERE m.live_session_id = ${col(liveSessions.id)}
    AND m.user_id = ${userId} AND m.state = 'done')`;
  return sql<number | null>`CASE WHEN ${last} IS NULL THEN NULL ELSE (SELECT count(*) FROM queue_entries d
    WHERE d.live_session_id = ${col(liveSessions.id)} AND d.state = 'done' AND d.finished_at > ${last}) END`;
}

/** The condition a regular join adds: the fan has not played, or the session's cooldown has passed since. */
export function cooldownPassedSql(userId: string | Placeholder | SQL) {
  return sql`coalesce(${turnsSinceLastSql(userId)} >= ${col(liveSessions.rejoinCooldown)}, 1)`;
}

/** Turns finished since the fan's last in the session (null: not played). */
export async function turnsSinceLast(db: Db, liveSessionId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ since: turnsSinceLastSql(userId) })
    .from(liveSessions)
    .where(eq(liveSessions.id, liveSessionId))
    .limit(1);
  return row?.since ?? null;
}
