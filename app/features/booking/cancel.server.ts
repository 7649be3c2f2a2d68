import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/auth/policy";
import { notifyUser } from "~/features/notifications/notify.server";
import { walletRefundStatements } from "~/features/wallet/ledger.server";
import { conflict, notFound } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { type EmailSender, emailSender } from "~/platform/email/email.server";
import { bookings, orders, products, promoRedemptions, slots, users } from "../../../db/schema";
import { type RefundTier, refundFor, refundTier } from "./cancellation-policy";
import { slotCancelledEmail } from "./emails";
import { BOOKING_MESSAGES } from "./messages";

export type CancelOutcome = {
  bookingId: string;
  orderId: string;
  slotId: string;
  tier: RefundTier;
  /** What went back to the wallet, in the order's currency (0 for the no-refund tier). */
  refundedMinor: number;
  currency: string;
};

async function bookingWithOrder(db: Db, bookingId: string) {
  const [row] = await db
    .select(
      named({
        bookingId: bookings.id,
        userId: bookings.userId,
        status: bookings.status,
        slotId: bookings.slotId,
        orderId: orders.id,
        amountMinor: orders.amountMinor,
        refundedMinor: orders.refundedMinor,
        currency: orders.currency,
        startsAt: slots.startsAt,
      }),
    )
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/**
 * The statements that cancel one confirmed booking and refund `amountMinor` of its order to the buyer's
 * wallet, for one batch. The booking's conditional update (`confirmed` -> `cancelled`, and for a fan only
 * while the slot has not started) comes first and the refund is guarded by `changes() = 1`, so a second,
 * concurrent cancellation changes no booking and refunds nothing; the seats stop counting at once (only
 * held and confirmed bookings take seats). The promo code's use is returned (its redemption row deleted).
 */
function cancelStatements(
  db: Db,
  booking: { bookingId: string; orderId: string; userId: string; currency: string },
  amountMinor: number,
  options: { now: Date; reason: string; createdBy: string | null; beforeStart: boolean },
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const notStarted = options.beforeStart
    ? sql`(SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}) > ${options.now.getTime()}`
    : undefined;
  const cancel = db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: options.now })
    .where(and(eq(bookings.id, booking.bookingId), eq(bookings.status, "confirmed"), notStarted))
    .returning({ id: bookings.id });
  const refund =
    amountMinor > 0
      ? walletRefundStatements(db, {
          orderId: booking.orderId,
          userId: booking.userId,
          amountMinor,
          currency: booking.currency,
          reason: options.reason,
          createdBy: options.createdBy,
          guard: sql`changes() = 1`,
        })
      : [];
  const returnPromoUse = db
    .delete(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.orderId, booking.orderId),
        sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${col(bookings.id)} = ${booking.bookingId} AND ${col(bookings.status)} = 'cancelled')`,
      ),
    );
  return [cancel, ...refund, returnPromoUse];
}

/**
 * A fan cancels their own confirmed booking before the slot starts. The refund follows the Cancellation
 * Policy page (cancellation-policy.ts) and goes to the wallet in the same batch as the state change; the
 * no-refund tier still cancels (and returns the seats) without a refund entry.
 */
export async function cancelBooking(
  env: Env,
  viewer: Viewer,
  bookingId: string,
  now: Date = new Date(),
): Promise<CancelOutcome> {
  const db = getDb(env);
  const booking = await bookingWithOrder(db, bookingId);
  // Someone else's booking answers as a missing one: its existence is not revealed.
  if (!booking || booking.userId !== viewer.id) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  if (booking.status === "cancelled") throw conflict(BOOKING_MESSAGES.alreadyCancelled);
  if (booking.status !== "confirmed") throw conflict(BOOKING_MESSAGES.notCancellable);
  if (booking.startsAt.getTime() <= now.getTime()) throw conflict(BOOKING_MESSAGES.alreadyStarted);

  const tier = refundTier(booking.startsAt, now);
  const amount = refundFor(tier, booking.amountMinor, booking.refundedMinor);
  const [cancelled] = await db.batch([
    ...cancelStatements(db, booking, amount, {
      now,
      reason: `Cancelled by the buyer (${tier} refund per the cancellation policy)`,
      createdBy: viewer.id,
      beforeStart: true,
    }),
    // The seat is free again: cached catalogue pages showing the slot go stale (docs/decisions/012).
    availabilityChangedStatement(db),
  ]);
  // The conditional update changed nothing: a concurrent cancellation (or the slot's start) won the race.
  if ((cancelled as { id: string }[]).length === 0) throw conflict(BOOKING_MESSAGES.alreadyCancelled);
  try {
    await notifyUser(env, {
      userId: viewer.id,
      type: "booking",
      title:
        amount > 0
          ? `Booking cancelled: ${formatMoney(amount, booking.currency, { decimals: true })} refunded to your wallet`
          : "Booking cancelled (no refund this close to the start)",
      url: "/profile#wallet",
    });
  } catch (error) {
    console.error("cancel: notice to", viewer.id, error);
  }
  return {
    bookingId: booking.bookingId,
    orderId: booking.orderId,
    slotId: booking.slotId,
    tier,
    refundedMinor: amount,
    currency: booking.currency,
  };
}

/**
 * A streamer cancelled the slot: every confirmed buyer is refunded in full (what is left to refund of their
 * order) to their wallet, once each (the same conditional booking update guards each refund), and notified in
 * the app and by email. The caller checks that `actorId` may cancel the slot BEFORE calling this. Returns the bookings it
 * cancelled; calling it again cancels and refunds nothing more.
 */
export async function refundSlotBookingsInFull(
  env: Env,
  slotId: string,
  reason: string,
  actorId: string | null,
  now: Date = new Date(),
  sender?: EmailSender,
): Promise<CancelOutcome[]> {
  const db = getDb(env);
  const confirmed = await db
    .select(
      named({
        bookingId: bookings.id,
        userId: bookings.userId,
        orderId: orders.id,
        amountMinor: orders.amountMinor,
        refundedMinor: orders.refundedMinor,
        currency: orders.currency,
        email: users.email,
        name: users.fullName,
        username: users.username,
        startsAt: slots.startsAt,
        title: products.title,
      }),
    )
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(products, eq(products.id, slots.productId))
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, "confirmed")));

  const outcomes: CancelOutcome[] = [];
  // One batch per buyer: each is atomic on its own, and one buyer's failure cannot hold back the others.
  for (const booking of confirmed) {
    const amount = refundFor("full", booking.amountMinor, booking.refundedMinor);
    let cancelled: unknown;
    try {
      [cancelled] = await db.batch([
        ...cancelStatements(db, booking, amount, { now, reason, createdBy: actorId, beforeStart: false }),
        availabilityChangedStatement(db),
      ]);
    } catch (error) {
      // Nothing of this buyer's batch was written; calling again retries them.
      console.error("slot cancelled: refund of booking", booking.bookingId, error);
      continue;
    }
    if ((cancelled as { id: string }[]).length === 0) continue;
    outcomes.push({
      bookingId: booking.bookingId,
      orderId: booking.orderId,
      slotId,
      tier: "full",
      refundedMinor: amount,
      currency: booking.currency,
    });
    // The policy page promises both: "we notify you by email and in the app". The refund above is done; a
    // failed notice is logged and does not hold back the other buyers' refunds.
    try {
      await notifyUser(env, {
        userId: booking.userId,
        type: "booking",
        title: "Your session was cancelled by the creator; you got a full refund to your wallet",
        url: "/profile#wallet",
      });
      if (booking.email) {
        await (sender ?? emailSender(env)).send(
          slotCancelledEmail({
            to: booking.email,
            name: booking.name || booking.username,
            title: booking.title ?? "your session",
            startsAt: booking.startsAt,
            refund: formatMoney(amount, booking.currency, { decimals: true }),
            origin: env.PUBLIC_ORIGIN ?? "",
          }),
        );
      }
    } catch (error) {
      console.error("slot cancelled: notice to", booking.userId, error);
    }
  }
  return outcomes;
}

/** The viewer's confirmed booking of a slot (or of an order), for the API that names it that way; else 404. */
export async function findOwnConfirmedBooking(
  env: Env,
  viewer: Viewer,
  by: { slotId?: string; orderId?: string },
): Promise<string> {
  const [row] = await getDb(env)
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, viewer.id),
        eq(bookings.status, "confirmed"),
        by.slotId ? eq(bookings.slotId, by.slotId) : undefined,
        by.orderId ? eq(bookings.orderId, by.orderId) : undefined,
      ),
    )
    .limit(1);
  if (!row || (!by.slotId && !by.orderId)) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  return row.id;
}
