import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { orderNet, orderNetMinor } from "~/features/earnings";
import { orderStatusText } from "~/features/seats";
import { FALLBACK_TIME_ZONE, monthBounds } from "~/features/time";
import { refundOwedSql } from "~/features/wallet/index.server";
import { pageInfo } from "~/lib/paging";
import { z } from "~/lib/zod";
import { col, getDb, named } from "~/platform/db.server";
import { bookingGamertags, bookings, gigs, orders, slots, users } from "~db/schema";

/** docs/domain.md: orders 10 a page, monthly orders 15, latest orders 10. */
const ORDERS_PAGE = 10;
const MONTHLY_ORDERS_PAGE = 15;
const MONTH_REQUIRED = "Year and month are required";

/** page, limit, and optionally year AND month together ('Year and month are required' when only one). */
export const streamerOrdersQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).optional().default(1),
    limit: z.coerce.number().int().min(1).max(50).optional(),
    year: z.coerce.number().int().min(2000, MONTH_REQUIRED).max(2100, MONTH_REQUIRED).optional(),
    month: z.coerce.number().int().min(1, MONTH_REQUIRED).max(12, MONTH_REQUIRED).optional(),
  })
  .refine((q) => (q.year === undefined) === (q.month === undefined), MONTH_REQUIRED);
export type StreamerOrdersQuery = z.output<typeof streamerOrdersQuerySchema>;

const gamertagsOf = sql<
  string | null
>`(SELECT group_concat(${bookingGamertags.gamertag}, char(31)) FROM ${bookingGamertags} INNER JOIN ${bookings} ON ${bookings.id} = ${bookingGamertags.bookingId} WHERE ${bookings.orderId} = ${col(orders.id)})`;

/**
 * The streamer's orders, newest first, with status, buyer and the buyers' gamer tags: 10 a page, or a
 * calendar month in `timeZone` (the viewer's, docs/decisions/019-viewer-time-zone.md; UTC by default) 15 a page.
 */
export async function streamerOrders(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  query: StreamerOrdersQuery,
  timeZone: string = FALLBACK_TIME_ZONE,
) {
  assertReadBusiness(viewer, streamerId, "payouts");
  const monthly = query.year !== undefined && query.month !== undefined;
  const limit = query.limit ?? (monthly ? MONTHLY_ORDERS_PAGE : ORDERS_PAGE);
  const bounds =
    query.year !== undefined && query.month !== undefined
      ? monthBounds({ year: query.year, month: query.month }, timeZone)
      : null;
  const range = bounds ? and(gte(orders.createdAt, bounds.from), lt(orders.createdAt, bounds.to)) : undefined;
  const where = and(eq(orders.streamerId, streamerId), sql`${orders.status} <> 'pending_payment'`, range);
  const db = getDb(env);
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: orders.id,
          kind: orders.kind,
          status: orders.status,
          amountMinor: orders.amountMinor,
          refundedMinor: orders.refundedMinor,
          currency: orders.currency,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
          slotId: orders.slotId,
          liveSessionId: orders.liveSessionId,
          userId: orders.userId,
          buyer: users.username,
          gig: gigs.title,
          slotStartsAt: slots.startsAt,
          bookingStatus: bookings.status,
          refundOwedMinor: refundOwedSql,
          netMinor: orderNetMinor,
          gamertags: gamertagsOf,
        }),
      )
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(slots, eq(slots.id, orders.slotId))
      .leftJoin(gigs, eq(gigs.id, slots.gigId))
      .leftJoin(bookings, eq(bookings.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.createdAt))
      .limit(limit)
      .offset((query.page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const totalItems = total[0]?.n ?? 0;
  return {
    orders: rows.map((row) => ({
      ...row,
      // The same words the fan reads: a cancelled or refunded order never shows as paid, an owed refund as pending.
      statusText: orderStatusText(row.status, row.bookingStatus, row.refundOwedMinor),
      // What the order is worth to the streamer now: paid minus refunds done and owed, in its own currency.
      net: orderNet(row),
      gamertags: row.gamertags ? row.gamertags.split("\u001f") : [],
    })),
    ...pageInfo(totalItems, query.page, limit),
  };
}

export type StreamerOrder = Awaited<ReturnType<typeof streamerOrders>>["orders"][number];

export function streamerOrderJson(order: StreamerOrder) {
  return {
    _id: order.id,
    orderId: order.id,
    kind: order.kind,
    status: order.status,
    amount: order.amountMinor,
    refunded: order.refundedMinor,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    slot_id: order.slotId,
    _live_session_id: order.liveSessionId,
    slotStartTime: order.slotStartsAt ? order.slotStartsAt.toISOString() : null,
    product_title: order.gig,
    user: { _id: order.userId, username: order.buyer },
    gamerTags: order.gamertags,
  };
}
