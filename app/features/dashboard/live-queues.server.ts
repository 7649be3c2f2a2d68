import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { getDb } from "~/platform/db.server";
import { ACTIVE_QUEUE_STATES, liveSessions, queueEntries } from "~db/schema";

/**
 * While the streamer is live: their open session and how many fans wait in each lane (waiting, playing
 * next or in game). Null when they are not live. Reads the live tables directly; the live session's
 * Durable Object is their only writer.
 */
export async function openQueueCounts(env: Env, viewer: Viewer | null, streamerId: string) {
  assertReadBusiness(viewer, streamerId);
  const db = getDb(env);
  const session = await db
    .select({ id: liveSessions.id, title: liveSessions.title })
    .from(liveSessions)
    .where(and(eq(liveSessions.streamerId, streamerId), isNull(liveSessions.endedAt)))
    .get();
  if (!session) return null;
  const rows = await db
    .select({ lane: queueEntries.lane, n: count() })
    .from(queueEntries)
    .where(and(eq(queueEntries.liveSessionId, session.id), inArray(queueEntries.state, [...ACTIVE_QUEUE_STATES])))
    .groupBy(queueEntries.lane);
  const of = (lane: string) => rows.find((row) => row.lane === lane)?.n ?? 0;
  return { liveSessionId: session.id, title: session.title, regular: of("regular"), vip: of("vip") };
}
