import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { earningOrder, refundOwedOnOrder } from "~/features/earnings";
import { badRequest } from "~/lib/errors";
import { batchGuard, col, getDb, idChunks, isBatchGuardFailure } from "~/platform/db.server";
import { bookings, liveSessions, orders, queueEntries, slots } from "~db/schema";
import { PAYOUT_COPY } from "./copy";
import { orderRowsQuery } from "./orders.server";

/**
 * Staff validation that a streamer played the sessions fans paid for (docs/domain.md: orders whose
 * session started within the last 2,160,000,000 ms, about 25 days, up to now, oldest session first). Only
 * validated, paid, unrefunded orders become payable (app/features/payouts/orders.server.ts).
 */
export const VALIDATION_WINDOW_MS = 2_160_000_000;

/** The session time of an order: its slot's start, or its live session's start. */
export const sessionStart = sql`coalesce(
  (SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(orders.slotId)}),
  (SELECT ${col(liveSessions.startedAt)} FROM ${liveSessions} WHERE ${col(liveSessions.id)} = ${col(orders.liveSessionId)}))`;

function inWindow(streamerId: string, now: Date) {
  // A VIP place is validated once it was served (its queue entry done): a place still waiting may yet be refunded.
  return sql`${earningOrder(streamerId)}
    AND NOT ${refundOwedOnOrder}
    AND ${sessionStart} BETWEEN ${now.getTime() - VALIDATION_WINDOW_MS} AND ${now.getTime()}
    AND (${col(orders.kind)} <> 'vip_queue'
      OR EXISTS (SELECT 1 FROM ${queueEntries} q WHERE q.order_id = ${col(orders.id)} AND q.state = 'done'))`;
}

/** The streamer's paid orders whose session started in the window, validated or not, oldest session first. */
export async function ordersForValidation(env: Env, viewer: Viewer | null, streamerId: string, now = new Date()) {
  assertStaff(viewer, "validations");
  const rows = await orderRowsQuery(getDb(env), inWindow(streamerId, now)).all();
  return rows.sort((a, b) => (a.sessionAt?.getTime() ?? 0) - (b.sessionAt?.getTime() ?? 0));
}

/**
 * Marks orders as played, in bulk: each must be the streamer's paid order whose session started in the
 * window; their bookings become completed. Already validated ones stay as they were. All or nothing: a guard
 * rolls the batch back unless every order asked for ends up validated ('Error saving validations orders').
 */
export async function markOrdersPlayed(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  orderIds: string[],
  now = new Date(),
) {
  assertStaff(viewer, "validations");
  const ids = [...new Set(orderIds)];
  const db = getDb(env);
  try {
    // One statement and one guard per chunk of ids (D1 binds at most 100 values), all in one batch.
    const perChunk = idChunks(ids).flatMap((chunk) => [
      db
        .update(orders)
        .set({ validatedAt: now, validatedBy: viewer.id, updatedAt: now })
        .where(and(inArray(orders.id, chunk), sql`${orders.validatedAt} IS NULL`, inWindow(streamerId, now))),
      batchGuard(
        db,
        sql`(SELECT count(*) FROM ${orders} WHERE ${col(orders.id)} IN ${chunk} AND ${col(orders.validatedAt)} IS NOT NULL AND ${inWindow(streamerId, now)}) = ${chunk.length}`,
      ),
      db
        .update(bookings)
        .set({ status: "completed", updatedAt: now })
        .where(and(inArray(bookings.orderId, chunk), eq(bookings.status, "confirmed"))),
    ]);
    await db.batch([
      ...(perChunk as [(typeof perChunk)[number]]),
      auditStatement(
        db,
        viewer,
        { action: "orders.validate", entity: "influencer", entityId: streamerId, after: { orders: ids } },
        now,
      ),
    ]);
  } catch (error) {
    if (isBatchGuardFailure(error)) throw badRequest(PAYOUT_COPY.validationsError);
    throw error;
  }
  return { validated: ids.length };
}
