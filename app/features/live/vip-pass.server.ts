import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { passUsedSql, passUseStatements, passUsesWith } from "~/features/passes/index.server";
import { conflict } from "~/lib/errors";
import { newId } from "~/lib/id";
import { batchGuard, getDb, isBatchGuardFailure, isConstraintViolation } from "~/platform/db.server";
import { LIVE_COPY } from "./copy";
import type { QueueChange } from "./queue.server";
import { loadSession } from "./snapshot.server";
import { saveBackStatement, vipPlaceAsked } from "./vip.server";
import { placeStatement } from "./vip-step.server";

/**
 * A VIP place paid with one use of the fan's VIP pass for the session's streamer (docs/decisions/032-vip-passes.md):
 * no payment at the time. ONE batch of the order (only while the pass holds a place), the pass's `use` entry (only
 * while a place is left), the place (only while the session is open and the fan has no active place), and a guard
 * that fails the whole batch unless both the place and the use were written: two joins racing for the last use give
 * one place, and a refused fan leaves no trace. The place then ends as every VIP place does (`VIP_PLACE_OUTCOMES`):
 * where money would be refunded, the refund of its order gives the use back instead (the wallet's refund path).
 * Runs inside the session's Durable Object, like every queue mutation.
 */
export async function joinVipWithPass(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  gamertag: string | null = null,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const { session, tag } = await vipPlaceAsked(db, viewer, liveSessionId, gamertag);
  const { passId } = await passUsesWith(db, viewer.id, session.streamerId, now);
  if (!passId) throw conflict(LIVE_COPY.noPassUse);
  const orderId = newId();
  const statements: BatchItem<"sqlite">[] = [
    ...passUseStatements(db, {
      passId,
      orderId,
      userId: viewer.id,
      streamerId: session.streamerId,
      liveSessionId,
      gamertag: tag,
      now,
    }),
    placeStatement(db, { id: orderId, userId: viewer.id, liveSessionId }, now.getTime()),
    saveBackStatement(db, viewer, liveSessionId, tag, now),
    batchGuard(
      db,
      sql`EXISTS (SELECT 1 FROM queue_entries q WHERE q.order_id = ${orderId}) AND ${passUsedSql(orderId)}`,
    ),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isConstraintViolation(error) && !isBatchGuardFailure(error)) throw error;
    if ((await loadSession(db, liveSessionId)).endedAt) throw conflict(LIVE_COPY.sessionEnded);
    if ((await passUsesWith(db, viewer.id, session.streamerId, now)).uses < 1) throw conflict(LIVE_COPY.noPassUse);
    throw conflict(LIVE_COPY.alreadyQueued);
  }
  return { liveSessionId, notices: [] };
}
