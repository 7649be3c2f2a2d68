import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Viewer } from "~/features/access";
import { orderNet, orderNetMinor } from "~/features/earnings";
import { isReviewable } from "~/features/reviews";
import { type OrderStatusText, orderStatusText } from "~/features/seats";
import { FALLBACK_TIME_ZONE, monthBounds } from "~/features/time";
import { refundOwedSql } from "~/features/wallet/index.server";
import { notFound } from "~/lib/errors";
import { type Money, money } from "~/lib/money";
import { gigPath } from "~/lib/paths.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import {
  bookingGamertags,
  bookings,
  gigs,
  lobbyCodes,
  moveOffers,
  orders,
  promoCodes,
  reviews,
  slots,
  users,
} from "~db/schema";
import { refundFor } from "./cancellation-policy";
import { BOOKING_COPY } from "./copy";
import { noShowRefundOffered } from "./no-show-policy";
import { canReadOrder, canReadOrdersOf } from "./order-access";
import { bookingCancellable, gamerTagsEditable, invoicePath, lobbyCodeVisible } from "./order-view";
import { reschedulable } from "./reschedule-policy";

const buyer = alias(users, "buyer");
const streamer = alias(users, "star");
const waitingOffer = alias(moveOffers, "waiting_offer");
const offeredSlot = alias(slots, "offered_slot");

/** Everything the order pages, the API and the invoice show of one order. */
const orderFields = named({
  id: orders.id,
  userId: orders.userId,
  streamerId: orders.streamerId,
  kind: orders.kind,
  status: orders.status,
  amountMinor: orders.amountMinor,
  currency: orders.currency,
  discountMinor: orders.discountMinor,
  refundedMinor: orders.refundedMinor,
  paymentMethod: orders.paymentMethod,
  checkoutSessionId: orders.checkoutSessionId,
  slotId: orders.slotId,
  liveSessionId: orders.liveSessionId,
  paidAt: orders.paidAt,
  createdAt: orders.createdAt,
  promoCode: promoCodes.code,
  buyerName: buyer.fullName,
  buyerUsername: buyer.username,
  buyerEmail: buyer.email,
  buyerCountry: buyer.country,
  streamerName: streamer.fullName,
  streamerUsername: streamer.username,
  bookingId: bookings.id,
  bookingStatus: bookings.status,
  seats: bookings.seats,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  slotStatus: slots.status,
  slotStartedAt: slots.startedAt,
  slotNoShowAt: slots.noShowAt,
  gigId: slots.gigId,
  gigTitle: gigs.title,
  gigArchived: sql<boolean>`${gigs.archivedAt} IS NOT NULL`.mapWith(Boolean),
  lobbyCode: lobbyCodes.code,
  refundOwedMinor: refundOwedSql,
  /** Where the refunds done went ("card", "wallet" or both, comma-separated), null when none. */
  refundedTo: sql<string | null>`(SELECT group_concat(DISTINCT done.method) FROM refunds done
    WHERE done.order_id = ${orders.id} AND done.status = 'succeeded')`,
  /** The booking's fan has reviewed it. */
  reviewed:
    sql<boolean>`EXISTS (SELECT 1 FROM ${reviews} WHERE ${col(reviews.bookingId)} = ${col(bookings.id)})`.mapWith(
      Boolean,
    ),
  netMinor: orderNetMinor,
  /** A streamer's offer of another time waiting for this booking's answer (at most one): its deadline and the new time. */
  moveOfferUntil: waitingOffer.expiresAt,
  moveOfferSlotId: offeredSlot.id,
  moveOfferStartsAt: offeredSlot.startsAt,
  moveOfferEndsAt: offeredSlot.endsAt,
});

function selectOrders(db: Db) {
  return db
    .select(orderFields)
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.userId))
    .leftJoin(streamer, eq(streamer.id, orders.streamerId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .leftJoin(bookings, eq(bookings.orderId, orders.id))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.slotId, orders.slotId))
    .leftJoin(waitingOffer, and(eq(waitingOffer.bookingId, bookings.id), eq(waitingOffer.state, "offered")))
    .leftJoin(offeredSlot, eq(offeredSlot.id, waitingOffer.toSlotId));
}

/** The fields `details` turns into `moveOffer`. */
type MoveOfferFields = "moveOfferUntil" | "moveOfferSlotId" | "moveOfferStartsAt" | "moveOfferEndsAt";

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>["where"]>>[number];

type GamerTag = { id: string; position: number; gamertag: string };

/** One order as the viewer may see it. The lobby code is present only for the buyer, near the slot. */
export type OrderDetails = Omit<OrderRow, "lobbyCode" | "buyerEmail" | "refundedTo" | MoveOfferFields> & {
  buyerEmail: string | null;
  statusText: OrderStatusText;
  gamerTags: GamerTag[];
  lobbyCode: string | null;
  isBuyer: boolean;
  canEditGamerTags: boolean;
  canCancel: boolean;
  /** The buyer may move the booking to another time of the gig (reschedule-policy.ts). */
  canReschedule: boolean;
  /** The streamer's offer of another time, waiting for the buyer's answer (move-offer-policy.ts); else null. */
  moveOffer: { slotId: string; startsAt: Date; endsAt: Date; until: Date } | null;
  /**
   * The full refund the buyer may take in one tap, while the streamer has not started 15 minutes after the start
   * (no-show-policy.ts); else null.
   */
  noShowRefund: Money | null;
  /** The buyer may review (or change their review of) this played, paid session (app/features/reviews/rules.ts). */
  canReview: boolean;
  /** Only an order that was paid has an invoice. */
  invoiceUrl: string | null;
  /** The gig's page while the gig is on offer (null for a live session's order, or an archived gig). */
  gigHref: string | null;
  /** The order's amounts as values of its currency; `net` is what it was paid minus refunds done and owed. */
  amount: Money;
  discount: Money;
  refunded: Money;
  /** Where the refunds done went: to the card paid with, to the wallet, or both (empty when none). */
  refundedTo: ("card" | "wallet")[];
  net: Money;
};

async function gamerTagsOf(db: Db, bookingIds: string[]): Promise<Map<string, GamerTag[]>> {
  const byBooking = new Map<string, GamerTag[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      id: bookingGamertags.id,
      bookingId: bookingGamertags.bookingId,
      position: bookingGamertags.position,
      gamertag: bookingGamertags.gamertag,
    })
    .from(bookingGamertags)
    .where(inArray(bookingGamertags.bookingId, bookingIds))
    .orderBy(bookingGamertags.bookingId, bookingGamertags.position);
  for (const { bookingId, ...tag } of rows) {
    const list = byBooking.get(bookingId) ?? [];
    list.push(tag);
    byBooking.set(bookingId, list);
  }
  return byBooking;
}

async function details(db: Db, viewer: Viewer, rows: OrderRow[], now: Date): Promise<OrderDetails[]> {
  const tags = await gamerTagsOf(
    db,
    rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])),
  );
  return rows.map(({ moveOfferUntil, moveOfferSlotId, moveOfferStartsAt, moveOfferEndsAt, ...row }) => {
    const isBuyer = row.userId === viewer.id;
    // While the buyer's answer is awaited, the answer decides: no cancelling nor moving by the other paths.
    const moveOffer =
      isBuyer && moveOfferUntil && moveOfferSlotId && moveOfferStartsAt && moveOfferEndsAt
        ? { slotId: moveOfferSlotId, startsAt: moveOfferStartsAt, endsAt: moveOfferEndsAt, until: moveOfferUntil }
        : null;
    const confirmed = row.bookingStatus === "confirmed";
    const showCode =
      isBuyer && confirmed && !!row.startsAt && !!row.endsAt && lobbyCodeVisible(row.startsAt, row.endsAt, now);
    return {
      ...row,
      // Only the parties and order staff read this row at all; the buyer's email stays off the streamer's view.
      buyerEmail: isBuyer || viewer.id !== row.streamerId ? row.buyerEmail : null,
      statusText: orderStatusText(row.status, row.bookingStatus, row.refundOwedMinor),
      gamerTags: row.bookingId ? (tags.get(row.bookingId) ?? []) : [],
      lobbyCode: showCode ? row.lobbyCode : null,
      isBuyer,
      canEditGamerTags: isBuyer && gamerTagsEditable(row.bookingStatus, row.startsAt, now),
      canCancel:
        isBuyer &&
        bookingCancellable({ status: row.bookingStatus, startsAt: row.startsAt, awaitingMove: !!moveOfferUntil }, now),
      canReschedule: reschedulable(
        { userId: row.userId, status: row.bookingStatus, startsAt: row.startsAt, awaitingMove: !!moveOfferUntil },
        viewer.id,
        now,
      ),
      moveOffer,
      noShowRefund:
        isBuyer &&
        row.startsAt &&
        row.endsAt &&
        row.slotStatus &&
        row.bookingStatus &&
        noShowRefundOffered(
          {
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            startedAt: row.slotStartedAt,
            noShowAt: row.slotNoShowAt,
            status: row.slotStatus,
          },
          row.bookingStatus,
          now,
        )
          ? money(refundFor("full", row.amountMinor, row.refundedMinor), row.currency)
          : null,
      canReview:
        isBuyer &&
        row.kind === "slot_booking" &&
        isReviewable({ orderStatus: row.status, bookingStatus: row.bookingStatus, endsAt: row.endsAt }, now),
      invoiceUrl: row.paidAt ? invoicePath(row.id) : null,
      gigHref: row.gigId && !row.gigArchived ? gigPath(row.gigId) : null,
      amount: money(row.amountMinor, row.currency),
      discount: money(row.discountMinor, row.currency),
      refunded: money(row.refundedMinor, row.currency),
      refundedTo: (row.refundedTo ?? "")
        .split(",")
        .filter((method): method is "card" | "wallet" => method === "card" || method === "wallet")
        .sort(),
      net: orderNet(row),
    };
  });
}

async function readableOrder(db: Db, viewer: Viewer, where: SQL, now: Date): Promise<OrderDetails> {
  const [row] = await selectOrders(db).where(where).limit(1);
  // Someone else's order answers exactly like a missing one.
  if (!row || !canReadOrder(viewer, row)) throw notFound(BOOKING_COPY.orderNotFound);
  const [order] = await details(db, viewer, [row], now);
  if (!order) throw notFound(BOOKING_COPY.orderNotFound);
  return order;
}

/** GET /api/get/order_by_orderid/:id and the invoice: one order, for the buyer, its streamer or order staff. */
export async function getOrder(env: Env, viewer: Viewer, orderId: string, now = new Date()): Promise<OrderDetails> {
  return readableOrder(getDb(env), viewer, eq(orders.id, orderId), now);
}

/** GET /api/get/orders_by_stipe_session_id/:id: the order a Checkout session paid, same policy. */
export async function getOrderByCheckoutSession(
  env: Env,
  viewer: Viewer,
  sessionId: string,
  now = new Date(),
): Promise<OrderDetails> {
  return readableOrder(getDb(env), viewer, eq(orders.checkoutSessionId, sessionId), now);
}

export type OrderListQuery = {
  page: number;
  limit: number;
  /** A calendar month of the order's creation, in `timeZone` (the viewer's; UTC when not given). */
  month?: { year: number; month: number };
  timeZone?: string;
};

export type OrderPage = {
  orders: OrderDetails[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
};

/** The page of a user's orders and their count (exported for the query-plan test). */
export function userOrdersQueries(db: Db, userId: string, query: OrderListQuery, only?: SQL) {
  // "November" is November where the viewer is (docs/decisions/019-viewer-time-zone.md).
  const range = query.month ? monthBounds(query.month, query.timeZone ?? FALLBACK_TIME_ZONE) : null;
  const where = and(
    eq(orders.userId, userId),
    range ? gte(orders.createdAt, range.from) : undefined,
    range ? lt(orders.createdAt, range.to) : undefined,
    only,
  );
  return [
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)`.as("total") })
      .from(orders)
      .leftJoin(bookings, eq(bookings.orderId, orders.id))
      .leftJoin(slots, eq(slots.id, orders.slotId))
      .where(where),
  ] as const;
}

/**
 * A user's orders, newest first, a page at a time, optionally of one month: for the user themself and order
 * staff (canReadOrdersOf). Anyone else gets 404, as for a single order.
 */
export async function listUserOrders(
  env: Env,
  viewer: Viewer,
  userId: string,
  query: OrderListQuery,
  now = new Date(),
): Promise<OrderPage> {
  if (!canReadOrdersOf(viewer, userId)) throw notFound(BOOKING_COPY.orderNotFound);
  const db = getDb(env);
  const [rows, counted] = await db.batch(userOrdersQueries(db, userId, query));
  return orderPage(db, viewer, query, rows, counted, now);
}

/** One page of orders from its rows and count (the queries of `userOrdersQueries`). */
export async function orderPage(
  db: Db,
  viewer: Viewer,
  query: { page: number; limit: number },
  rows: OrderRow[],
  counted: { total: number }[],
  now: Date,
): Promise<OrderPage> {
  const total = Number(counted[0]?.total ?? 0);
  return {
    orders: await details(db, viewer, rows, now),
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}
