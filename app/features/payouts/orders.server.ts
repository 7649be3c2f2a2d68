import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { earningOrder, orderNetMinor, refundOwedOnOrder } from "~/features/earnings";
import { col, type Db } from "~/platform/db.server";
import { gigs, liveSessions, orders, payoutOrders, slots, users } from "~db/schema";

/**
 * Which orders a payout may settle, as SQL over `orders` (docs/decisions/015-payouts.md): the streamer's earning
 * orders (app/features/earnings/earning-order.ts: paid or partially refunded, at their net) that staff validated.
 * Paired with `inNoActivePayout` it filters the list and guards each merge; without a streamer it counts every
 * streamer's (the staff dashboard).
 */
export function payableOrder(streamerId?: string): SQL {
  return sql`${earningOrder(streamerId)} AND ${col(orders.validatedAt)} IS NOT NULL AND NOT ${refundOwedOnOrder}`;
}

export function inNoActivePayout(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${payoutOrders} po WHERE po.order_id = ${col(orders.id)} AND po.active = 1)`;
}

export function paidWithin(period: { startTime: Date; endTime: Date }): SQL {
  return sql`${col(orders.paidAt)} >= ${period.startTime.getTime()} AND ${col(orders.paidAt)} <= ${period.endTime.getTime()}`;
}

/**
 * What a staff screen shows of an order: buyer, session, when, amount, and `netMinor`, what it earns: THE order net
 * (`orderNetMinor`, app/features/earnings/earning-order.ts), which payout totals, the statement and the API add up.
 */
export function orderRowsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: orders.id,
      kind: orders.kind,
      status: orders.status,
      amountMinor: orders.amountMinor,
      refundedMinor: orders.refundedMinor,
      netMinor: sql<number>`${orderNetMinor}`.mapWith(Number),
      currency: orders.currency,
      paidAt: orders.paidAt,
      validatedAt: orders.validatedAt,
      createdAt: orders.createdAt,
      buyerId: orders.userId,
      buyer: users.username,
      sessionAt: sql<number | null>`coalesce(${slots.startsAt}, ${liveSessions.startedAt})`.mapWith((v) =>
        v === null ? null : new Date(Number(v)),
      ),
      title: sql<string | null>`coalesce(${gigs.title}, ${liveSessions.title})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
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
