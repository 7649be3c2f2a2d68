import { sql } from "drizzle-orm";
import { deliverMessages } from "~/features/messages/index.server";
import type { FulfilmentStep } from "~/features/payments";
import { owedCardRefundStatement } from "~/features/wallet/index.server";
import { newId } from "~/lib/id";
import { orderPath } from "~/lib/paths";
import { livePath } from "~/lib/paths.server";
import { type Db, getDb } from "~/platform/db.server";
import { noticeEntry, outboxStatement } from "~/platform/outbox.server";
import { liveSessionChanged } from "./commands.server";
import { LIVE_COPY } from "./copy";
import { placeInsert } from "./snapshot.server";
import { settleVipRefunds, VIP_PLACE_OUTCOMES } from "./vip-refunds.server";

/**
 * The VIP place as the vip_queue order kind's fulfilment step (workers/composition.ts). Kept
 * apart from vip.server.ts, which opens checkouts, so the registry imports no module that imports it back.
 *
 * The place is the queue entry: inserted with the next join position of the session, only while the session is
 * open and the fan has no active place there (the partial UNIQUE index). A payment that arrives when that is no
 * longer possible (the session ended, the fan joined meanwhile) is refunded by the fulfilment, as
 * vip-refunds.server.ts's table says for a late payment.
 */

/**
 * The VIP place of a paid order: a waiting VIP entry, only while the session is open and the fan has no active place,
 * with the gamer tag the fan gave before paying (kept on the order).
 */
export function placeStatement(db: Db, order: { id: string; userId: string; liveSessionId: string }, at: number) {
  return placeInsert(
    db,
    {
      liveSessionId: order.liveSessionId,
      userId: order.userId,
      lane: "vip",
      orderId: order.id,
      at,
      gamertag: sql`(SELECT o.gamertag FROM orders o WHERE o.id = ${order.id})`,
    },
    sql`NOT EXISTS (SELECT 1 FROM queue_entries q WHERE q.live_session_id = ${order.liveSessionId}
         AND q.user_id = ${order.userId} AND q.state IN ('waiting', 'playing_next', 'in_game'))`,
  );
}

const placeTaken = (orderId: string) => sql`EXISTS (SELECT 1 FROM queue_entries q WHERE q.order_id = ${orderId})`;

/** The vip_queue kind's part of the generic card fulfilment (workers/composition.ts). */
export const vipQueueStep: FulfilmentStep = {
  take(db, order, now) {
    if (!order.liveSessionId) return [];
    return [
      placeStatement(db, { id: order.id, userId: order.userId, liveSessionId: order.liveSessionId }, now.getTime()),
    ];
  },
  taken: (order) => placeTaken(order.id),
  // Nothing was held while paying, so nothing to mark lost or release: a place that could not be taken is
  // simply absent, and that absence is what lets the late-payment refund apply.
  lose: () => [],
  lost: (order) => sql`NOT ${placeTaken(order.id)}`,
  // A card payment that arrives when the place can no longer be taken (the session ended, its checkout expired too
  // late) goes back to the card it came from: owed in this batch, once ever per order, carried out right after.
  refundLate: (db, order, now) =>
    order.amountMinor > 0
      ? [
          owedCardRefundStatement(db, {
            refundId: newId(),
            orderId: order.id,
            amountMinor: order.amountMinor,
            reason: VIP_PLACE_OUTCOMES.late_payment.reason,
            createdBy: null,
            now,
            guard: sql`NOT ${placeTaken(order.id)} AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = ${order.id})`,
          }),
        ]
      : [],
  release: () => [],
  confirmedMessages: (order) => [
    noticeEntry(`vip-joined:${order.id}`, {
      userId: order.userId,
      type: "queue",
      title: LIVE_COPY.vipJoined,
      url: livePath(order.liveSessionId ?? ""),
    }),
  ],
  async refundedLate(env, order) {
    await settleVipRefunds(env, [order.id], new Date());
    const notice = noticeEntry(`vip-late-refund:${order.id}`, {
      userId: order.userId,
      type: "queue",
      title: "Your VIP payment is being refunded to your card: the place could not be taken",
      url: orderPath(order.id),
    });
    await getDb(env).batch([outboxStatement(getDb(env), notice)]);
    await deliverMessages(env, [notice.key]);
  },
  async confirmed(env, order) {
    if (!order.liveSessionId) return;
    await liveSessionChanged(env, order.liveSessionId);
  },
};
