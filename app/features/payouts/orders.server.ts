import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { col, type Db } from "~/platform/db.server";
import { liveSessions, orders, payoutOrders, products, slots, users } from "../../../db/schema";

/**
 * Which orders a payout may settle, as SQL over `orders` (DOMAIN.md "Influencers and payouts"): the
 * streamer's slot bookings and VIP places that are paid and not refunded (status 'paid' means
 * refunded_minor = 0, by the orders CHECK), validated by staff as played, and in no payout that is not
 * removed. The same condition filters the list, guards each merge, and re-checks a payout before it moves on;
 * without a streamer it counts every streamer's (the staff dashboard).
 */
export function payableOrder(influencerId?: string): SQL {
  const whose = influencerId === undefined ? sql`1 = 1` : sql`${col(orders.influencerId)} = ${influencerId}`;
  return sql`${whose}
    AND ${col(orders.kind)} IN ('slot_booking', 'vip_queue')
    AND ${col(orders.status)} = 'paid'
    AND ${col(orders.validatedAt)} IS NOT NULL`;
}

export function inNoActivePayout(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${payoutOrders} po WHERE po.order_id = ${col(orders.id)} AND po.active = 1)`;
}

export function paidWithin(period: { startTime: Date; endTime: Date }): SQL {
  return sql`${col(orders.paidAt)} >= ${period.startTime.getTime()} AND ${col(orders.paidAt)} <= ${period.endTime.getTime()}`;
}

/** What a staff screen shows of an order: buyer, session, when, amount. */
export function orderRowsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: orders.id,
      kind: orders.kind,
      status: orders.status,
      amountMinor: orders.amountMinor,
      refundedMinor: orders.refundedMinor,
      currency: orders.currency,
      paidAt: orders.paidAt,
      validatedAt: orders.validatedAt,
      createdAt: orders.createdAt,
      buyerId: orders.userId,
      buyer: users.username,
      sessionAt: sql<number | null>`coalesce(${slots.startsAt}, ${liveSessions.startedAt})`.mapWith((v) =>
        v === null ? null : new Date(Number(v)),
      ),
      title: sql<string | null>`coalesce(${products.title}, ${liveSessions.title})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(products, eq(products.id, slots.productId))
    .leftJoin(liveSessions, eq(liveSessions.id, orders.liveSessionId))
    .where(where)
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

export type PayoutOrderRow = Awaited<ReturnType<ReturnType<typeof orderRowsQuery>["all"]>>[number];

/** The orders merged into a payout (its active rows), oldest payment first. */
export function ordersOfPayout(db: Db, payoutId: string) {
  return orderRowsQuery(
    db,
    and(
      inArray(
        orders.id,
        db
          .select({ id: payoutOrders.orderId })
          .from(payoutOrders)
          .where(and(eq(payoutOrders.payoutId, payoutId), eq(payoutOrders.active, true))),
      ),
      isNotNull(orders.id),
    ),
  ).all();
}
