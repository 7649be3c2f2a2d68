import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { col, type Db } from "~/platform/db.server";
import { liveSessions } from "~db/schema";

/** The gamer tag a live session asks for: its platform's network, and the tag a fan has saved for it. */

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
