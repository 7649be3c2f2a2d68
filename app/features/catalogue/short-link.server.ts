import { and, eq, isNull, sql } from "drizzle-orm";
import { livePath, streamerPath } from "~/lib/paths.server";
import type { Db } from "~/platform/db.server";
import { liveSessions, streamerProfiles, users } from "~db/schema";

/**
 * Where a streamer's short link (`/@handle`) leads: their live session while they are live, else their public
 * page; null when no active streamer has that username (case-insensitive, as usernames are unique).
 */
export async function shortLinkTarget(db: Db, handle: string): Promise<string | null> {
  const row = await db
    .select({ id: users.id, liveSessionId: liveSessions.id })
    .from(users)
    .innerJoin(streamerProfiles, eq(streamerProfiles.userId, users.id))
    .leftJoin(liveSessions, and(eq(liveSessions.id, users.liveSessionId), isNull(liveSessions.endedAt)))
    .where(and(sql`lower(${users.username}) = lower(${handle})`, eq(users.isActive, true), eq(users.isStreamer, true)))
    .get();
  if (!row) return null;
  return row.liveSessionId ? livePath(row.liveSessionId) : streamerPath(row.id);
}
