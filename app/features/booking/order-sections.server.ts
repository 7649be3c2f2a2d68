import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { notFound } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { bookings, orders, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";
import { canReadOrdersOf } from "./order-access";
import { ORDER_SECTIONS, type OrderSection } from "./order-view";
import { type OrderListQuery, type OrderPage, orderPage, userOrdersQueries } from "./orders.server";

/**
 * Which of a fan's orders each section of their orders page holds (each order in exactly one):
 * - `unpaid`: a checkout never completed (never paid: abandoned, declined, expired, or still open). Not an order the
 *   fan placed in their eyes, and without an invoice;
 * - `cancelled`: paid, then its booking cancelled or the order refunded in full;
 * - `upcoming`: paid, its session not ended yet;
 * - `past`: paid, its session ended (and any paid order without a session: a VIP place, a wallet top-up).
 */
function sectionWhere(section: OrderSection, now: Date): SQL | undefined {
  const paid = isNotNull(orders.paidAt);
  const cancelled = or(eq(bookings.status, "cancelled"), eq(orders.status, "refunded"));
  const notCancelled = and(
    or(isNull(bookings.status), inArray(bookings.status, ["confirmed", "completed", "no_show"])),
    inArray(orders.status, ["paid", "partially_refunded"]),
  );
  switch (section) {
    case "unpaid":
      return isNull(orders.paidAt);
    case "cancelled":
      return and(paid, cancelled);
    case "upcoming":
      return and(paid, notCancelled, gt(slots.endsAt, now));
    case "past":
      return and(paid, notCancelled, or(isNull(slots.endsAt), lte(slots.endsAt, now)));
  }
}

export type OrderSections = Record<OrderSection, OrderPage>;

/**
 * The fan's orders page: each section paged on its own (`pages`), optionally of one month. For the user themself
 * and order staff (canReadOrdersOf); anyone else gets 404, as for a single order.
 */
export async function listUserOrderSections(
  env: Env,
  viewer: Viewer,
  userId: string,
  query: Omit<OrderListQuery, "page"> & { pages: Record<OrderSection, number> },
  now = new Date(),
): Promise<OrderSections> {
  if (!canReadOrdersOf(viewer, userId)) throw notFound(BOOKING_COPY.orderNotFound);
  const db = getDb(env);
  const queries = ORDER_SECTIONS.map((section) =>
    userOrdersQueries(db, userId, { ...query, page: query.pages[section] }, sectionWhere(section, now)),
  );
  const results = (await db.batch(queries.flat() as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [
    Parameters<typeof orderPage>[3],
    Parameters<typeof orderPage>[4],
  ][number][];
  const pages = await Promise.all(
    ORDER_SECTIONS.map((section, i) =>
      orderPage(
        db,
        viewer,
        { page: query.pages[section], limit: query.limit },
        results[2 * i] as Parameters<typeof orderPage>[3],
        results[2 * i + 1] as Parameters<typeof orderPage>[4],
        now,
      ),
    ),
  );
  return Object.fromEntries(ORDER_SECTIONS.map((section, i) => [section, pages[i]])) as OrderSections;
}
