import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { givePromoUseBackStatement } from "~/features/promo/index.server";
import { offerFreedSeats, offerStatements } from "~/features/waitlist/index.server";
import {
  owedCardRefundStatement,
  paidWithCreditSql,
  settleRefunds,
  walletRefundStatements,
} from "~/features/wallet/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { noticeEntry, type OutboxEntry, outboxStatement } from "~/platform/outbox.server";
import { bookings, orders, slots } from "~db/schema";
import { bookingCancelledEmailEntry, fanCancelledEntries } from "./cancel-messages.server";
import {
  DEFAULT_REFUND_DESTINATION,
  type RefundDestination,
  type RefundTier,
  refundDestinations,
  refundFor,
} from "./cancellation-policy";
import { type CancellationTerms, cancellableBookingSql, cancellationTerms } from "./cancellation-policy.server";
import { BOOKING_COPY } from "./copy";
import { awaitingMoveSql } from "./move-offer-sql.server";

export type CancelOutcome = {
  bookingId: string;
  orderId: string;
  slotId: string;
  tier: RefundTier;
  /** What is refunded, in the order's currency (0 for the no-refund tier). */
  refundedMinor: number;
  currency: CurrencyCode;
  /** Where the refund goes: the wallet (at once) or the card it was paid with (5–10 days). */
  refundTo?: RefundDestination;
  /** True while a card refund is owed but not carried out yet (Stripe failed; it is retried). */
  refundPending?: boolean;
};

async function bookingWithOrder(db: Db, bookingId: string) {
  const [row] = await db
    .select(
      named({
        bookingId: bookings.id,
        userId: bookings.userId,
        status: bookings.status,
        slotId: bookings.slotId,
        seats: bookings.seats,
        orderId: orders.id,
        amountMinor: orders.amountMinor,
        refundedMinor: orders.refundedMinor,
        currency: orders.currency,
        paymentMethod: orders.paymentMethod,
        paidWithCredit: sql<number>`${paidWithCreditSql(col(orders.id))}`,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        startedAt: slots.startedAt,
        noShowAt: slots.noShowAt,
        slotStatus: slots.status,
        /** A streamer's offer of another time awaits this booking's answer (the cancellation policy reads it). */
        awaitingMove: sql<boolean>`${awaitingMoveSql(col(bookings.id))}`.mapWith(Boolean),
      }),
    )
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

type BookingWithOrder = NonNullable<Awaited<ReturnType<typeof bookingWithOrder>>>;

/** The viewer's own booking with its order and slot. Someone else's answers as a missing one (not revealed). */
export async function ownBookingWithOrder(db: Db, viewer: Viewer, bookingId: string): Promise<BookingWithOrder> {
  const booking = await bookingWithOrder(db, bookingId);
  if (!booking || booking.userId !== viewer.id) throw notFound(BOOKING_COPY.bookingNotFound);
  return booking;
}

/** Where the fan's refund goes: their choice (the wallet by default), which a wallet payment limits to the wallet. */
export function chosenRefundDestination(
  paymentMethod: "card" | "wallet",
  choice: { refundTo?: RefundDestination },
): RefundDestination {
  const refundTo = choice.refundTo ?? DEFAULT_REFUND_DESTINATION;
  if (!refundDestinations(paymentMethod).includes(refundTo)) {
    throw badRequest(BOOKING_COPY.refundToCardNotPaidByCard, "refundTo");
  }
  return refundTo;
}

/**
 * Cancels one confirmed booking of the fan while `guard` holds and refunds `amount` of its order to `refundTo`, in ONE
 * batch with what the fan (and others) are told (`entries`, written only when this batch cancelled it) and `extra`
 * statements: to the wallet in that batch; to the card as an owed card refund, then carried out at once through Stripe
 * (retried if it fails: "refund pending"). Throws `conflict(lost)` when the conditional update changed nothing (a
 * concurrent cancellation, or the guard no longer holds).
 */
export async function cancelAndRefund(
  env: Env,
  booking: BookingWithOrder,
  input: {
    amount: number;
    refundTo: RefundDestination;
    reason: string;
    createdBy: string;
    guard: SQL | undefined;
    now: Date;
    entries: OutboxEntry[];
    extra: BatchItem<"sqlite">[];
    lost: string;
  },
): Promise<{ refundPending: boolean }> {
  const db = getDb(env);
  const { amount, now } = input;
  const toCard = input.refundTo === "card" && amount > 0;
  const refundId = newId();
  const cancelledNow = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${col(bookings.id)} = ${booking.bookingId} AND ${col(bookings.status)} = 'cancelled' AND ${col(bookings.cancelledAt)} = ${now.getTime()})`;
  const options = { now, reason: input.reason, createdBy: input.createdBy, guard: input.guard };
  const [cancelled] = await db.batch([
    ...(toCard
      ? cancelToCardStatements(db, booking, { ...options, refundId, amountMinor: amount })
      : cancelStatements(db, booking, amount, options)),
    ...input.entries.map((entry) => outboxStatement(db, entry, { now, when: cancelledNow })),
    ...input.extra,
    // The seat is free again: cached catalogue pages showing the slot go stale (docs/decisions/012).
    availabilityChangedStatement(db),
  ]);
  if ((cancelled as { id: string }[]).length === 0) throw conflict(input.lost);
  const settlement = toCard ? await settleRefunds(env, [refundId], now) : null;
  await deliverMessages(
    env,
    input.entries.map((entry) => entry.key),
    now,
  );
  return { refundPending: settlement ? !settlement.settled.includes(refundId) : false };
}

/**
 * The booking's conditional cancellation, first in its batch: `confirmed` -> `cancelled` only while `guard` holds (the
 * policy's, `cancellableBookingSql` in cancellation-policy.server.ts; or the no-show rule's), returning the booking when it changed. A second,
 * concurrent cancellation (or one past the cut-off) changes nothing, so what follows it guarded by `changes() = 1`
 * owes and refunds nothing; the seats stop counting at once (only held and confirmed bookings take seats).
 */
function cancelBookingStatement(db: Db, bookingId: string, options: { now: Date; guard: SQL | undefined }) {
  return db
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: options.now })
    .where(and(eq(bookings.id, bookingId), options.guard))
    .returning({ id: bookings.id });
}

/**
 * The statements that cancel one confirmed booking and refund `amountMinor` of its order to the buyer's wallet, for
 * one batch: the booking's conditional update (while `guard` holds), the refund guarded by `changes() = 1`, and the
 * promo code's use returned (its redemption row deleted).
 */
function cancelStatements(
  db: Db,
  booking: { bookingId: string; orderId: string; userId: string; currency: CurrencyCode },
  amountMinor: number,
  options: { now: Date; reason: string; createdBy: string | null; guard: SQL | undefined },
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
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
  const returnPromoUse = givePromoUseBackStatement(db, sql`(${booking.orderId})`);
  return [cancelBookingStatement(db, booking.bookingId, options), ...refund, returnPromoUse];
}

/** What the fan is told when the policy refuses their cancellation. */
const CANCELLATION_REFUSALS: Record<Extract<CancellationTerms, { allowed: false }>["reason"], string> = {
  awaiting_move: BOOKING_COPY.moveOfferAwaiting,
  not_confirmed: BOOKING_COPY.notCancellable,
  too_late: BOOKING_COPY.alreadyStarted,
};

/**
 * A fan cancels their own confirmed booking before the slot starts. The refund follows the Cancellation Policy page
 * (cancellation-policy.ts) and goes where the fan chooses (`refundTo`, the wallet by default): to the wallet in the
 * same batch as the state change; to the card (card-paid bookings only) as an owed card refund written in that batch,
 * then carried out at once through Stripe and retried if it fails (app/features/wallet/card-refunds.server.ts). The
 * no-refund tier still cancels (and returns the seats) without a refund.
 */
export async function cancelBooking(
  env: Env,
  viewer: Viewer,
  bookingId: string,
  now: Date = new Date(),
  choice: { refundTo?: RefundDestination } = {},
): Promise<CancelOutcome> {
  const db = getDb(env);
  const booking = await ownBookingWithOrder(db, viewer, bookingId);
  if (booking.status === "cancelled") throw conflict(BOOKING_COPY.alreadyCancelled);
  const terms = cancellationTerms("buyer", booking, now);
  if (!terms.allowed) throw conflict(CANCELLATION_REFUSALS[terms.reason]);
  const refundTo = chosenRefundDestination(booking.paymentMethod, choice);
  const { tier } = terms;
  // A pack credit is whole: a tier that refunds money gives the credit back, as a full refund of its order (the
  // refund's wallet credit becomes the credit's return, app/features/wallet/ledger.server.ts); ADR 027.
  const byCredit = Number(booking.paidWithCredit) === 1;
  const due = refundFor(tier, booking.amountMinor, booking.refundedMinor);
  const amount = byCredit && due > 0 ? booking.amountMinor - booking.refundedMinor : due;
  const toCard = refundTo === "card" && amount > 0;
  // The fan's notice and email, written with the cancellation (the outbox): only when this batch cancelled it.
  const notice = noticeEntry(`booking-cancelled:${booking.bookingId}`, {
    userId: viewer.id,
    type: "booking",
    title:
      amount === 0
        ? "Booking cancelled (no refund this close to the start)"
        : byCredit
          ? "Booking cancelled: your pack credit is back"
          : toCard
            ? `Booking cancelled: ${formatMoney(money(amount, booking.currency))} is being refunded to your card (5–10 days)`
            : `Booking cancelled: ${formatMoney(money(amount, booking.currency))} refunded to your wallet`,
    url: toCard ? orderPath(booking.orderId) : byCredit ? orderPath(booking.orderId) : "/profile#wallet",
  });
  const { refundPending } = await cancelAndRefund(env, booking, {
    amount,
    refundTo,
    reason: `Cancelled by the buyer (${tier} refund per the cancellation policy, to the ${toCard ? "card" : "wallet"})`,
    createdBy: viewer.id,
    guard: cancellableBookingSql("buyer", now),
    now,
    // The slot's streamer is told too (an email and a notification), rendered when delivered.
    entries: [notice, bookingCancelledEmailEntry(booking.bookingId), ...fanCancelledEntries(booking.bookingId)],
    // The seats are free again: offered at once to the slot's waitlist, first in line first (its statements are
    // conditional: they offer only seats this batch freed or that were free already).
    extra: offerStatements(getDb(env), booking.slotId, now, booking.seats),
    // The conditional update changed nothing: a concurrent cancellation (or the slot's start) won the race.
    lost: BOOKING_COPY.alreadyCancelled,
  });
  // Tells the fans offered the seats, and offers any left (more seats free than this batch's offers covered).
  await offerFreedSeats(env, booking.slotId, now);
  return {
    bookingId: booking.bookingId,
    orderId: booking.orderId,
    slotId: booking.slotId,
    tier,
    refundedMinor: amount,
    currency: booking.currency,
    refundTo,
    refundPending,
  };
}

/**
 * The statements that cancel one confirmed booking and owe `amountMinor` back to the card it was paid with, for one
 * batch: the booking's conditional update first, then the owed card refund guarded by `changes() = 1` (a concurrent
 * second cancellation owes nothing), then the promo code's use given back. Nothing goes to the wallet.
 */
function cancelToCardStatements(
  db: Db,
  booking: { bookingId: string; orderId: string },
  options: {
    now: Date;
    reason: string;
    createdBy: string | null;
    guard: SQL | undefined;
    refundId: string;
    amountMinor: number;
  },
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  return [
    cancelBookingStatement(db, booking.bookingId, options),
    owedCardRefundStatement(db, {
      refundId: options.refundId,
      orderId: booking.orderId,
      amountMinor: options.amountMinor,
      reason: options.reason,
      createdBy: options.createdBy,
      now: options.now,
      guard: sql`changes() = 1`,
    }),
    givePromoUseBackStatement(db, sql`(${booking.orderId})`),
  ];
}

/**
 * The viewer's confirmed booking of a slot (or of an order), for the API that names it that way. When their only
 * booking of it is cancelled (a concurrent cancel got there first, or an earlier one), 409 "already cancelled", as
 * the booking's own door answers; none of theirs at all (or someone else's) is a 404.
 */
export async function findOwnConfirmedBooking(
  env: Env,
  viewer: Viewer,
  by: { slotId?: string; orderId?: string },
): Promise<string> {
  if (!by.slotId && !by.orderId) throw notFound(BOOKING_COPY.bookingNotFound);
  const rows = await getDb(env)
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, viewer.id),
        inArray(bookings.status, ["confirmed", "cancelled"]),
        by.slotId ? eq(bookings.slotId, by.slotId) : undefined,
        by.orderId ? eq(bookings.orderId, by.orderId) : undefined,
      ),
    )
    .orderBy(sql`${bookings.status} = 'confirmed' DESC`)
    .limit(1);
  const [row] = rows;
  if (!row) throw notFound(BOOKING_COPY.bookingNotFound);
  if (row.status === "cancelled") throw conflict(BOOKING_COPY.alreadyCancelled);
  return row.id;
}
