import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { RECENT_SESSIONS, RECENT_VIP_PLACES, type Reliability, reliabilityOf } from "./rules";

/**
 * The rows a streamer's public reliability is made of (rules.ts), read as ONE statement for the streamer page's
 * batch: the latest booked sessions that came due (started, or found a no-show: a slot only ever is one of them once
 * it had fans), and the latest VIP places of their live sessions that ended served (done) or refunded.
 */
export function reliabilityQuery(db: Db, streamerId: string, now: Date) {
  const at = now.getTime();
  const starts: SQL<string> = sql`(SELECT json_group_array(json_array(t.starts_at, t.started_at)) FROM (
      SELECT s.starts_at, s.started_at FROM slots s
      WHERE s.influencer_id = ${streamerId} AND s.starts_at <= ${at}
        AND (s.started_at IS NOT NULL OR s.no_show_at IS NOT NULL)
      ORDER BY s.starts_at DESC LIMIT ${sql.raw(String(RECENT_SESSIONS))}) t)`;
  const vip: SQL<string> = sql`(SELECT json_group_array(json_array(t.state = 'done', t.joined_at, t.in_game_at)) FROM (
      SELECT q.state, q.joined_at, q.in_game_at FROM queue_entries q
      JOIN live_sessions l ON l.id = q.live_session_id
      WHERE l.influencer_id = ${streamerId} AND q.lane = 'vip' AND q.state IN ('done', 'refunded')
      ORDER BY q.finished_at DESC LIMIT ${sql.raw(String(RECENT_VIP_PLACES))}) t)`;
  return db.select({ starts: starts.as("reliability_starts"), vip: vip.as("reliability_vip") }).from(sql`(SELECT 1)`);
}

function rowsOf(json: string | null | undefined): unknown[][] {
  if (!json) return [];
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? (parsed as unknown[][]) : [];
}

/** The figures from `reliabilityQuery`'s row. */
export function reliabilityFromRow(row: { starts: string | null; vip: string | null } | undefined): Reliability {
  return reliabilityOf(
    rowsOf(row?.starts).map(([startsAt, startedAt]) => ({
      startsAt: Number(startsAt),
      startedAt: startedAt === null ? null : Number(startedAt),
    })),
    rowsOf(row?.vip).map(([served, joinedAt, inGameAt]) => ({
      served: Number(served) === 1,
      joinedAt: Number(joinedAt),
      inGameAt: inGameAt === null ? null : Number(inGameAt),
    })),
  );
}
