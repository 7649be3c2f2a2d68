import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { seatsTakenSql } from "~/features/seats";
import { type BookableSlot, upcomingSlotsOfGig } from "~/features/seats/index.server";
import { acceptPlaceStatement, offerFreedSeats, offerStatements } from "~/features/waitlist/index.server";
import { conflict, notFound } from "~/lib/errors";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { outboxStatement } from "~/platform/outbox.server";
import { bookingReminders, bookings, orders, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";
import { awaitingMoveSql } from "./move-offer-sql.server";
import { bookingMovedEntries } from "./reschedule-messages.server";
import { rescheduleDeadline } from "./reschedule-policy";
import { type RescheduleTerms, reschedulableBookingSql, rescheduleTerms } from "./reschedule-policy.server";

/** A fan's booking as a move needs it: whose, its state, its slot and gig, its seats and its invite's version. */
async function movableBooking(db: Db, bookingId: string) {
  const [row] = await db
    .select(
      named({
        bookingId: bookings.id,
        orderId: bookings.orderId,
        userId: bookings.userId,
        status: bookings.status,
        seats: bookings.seats,
        inviteSequence: bookings.inviteSequence,
        slotId: slots.id,
        gigId: slots.gigId,
        startsAt: slots.startsAt,
        /** A streamer's offer of another time awaits this booking's answer (the policy reads it). */
        awaitingMove: sql<boolean>`${awaitingMoveSql(col(bookings.id))}`.mapWith(Boolean),
      }),
    )
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

export type RescheduleChoices = {
  bookingId: string;
  orderId: string;
  /** The booked slot. */
  slotId: string;
  startsAt: Date;
  seats: number;
  /** Until when the booking may be moved (exclusive): the free-cancellation deadline. */
  deadline: Date;
  /** Other upcoming slots of the same gig, soonest first, with seats left for this fan (0: full for this booking). */
  slots: BookableSlot[];
};

/** Why the policy refused a move, as the fan is told (someone else's booking answers as a missing one). */
function rescheduleRefusal(reason: Extract<RescheduleTerms, { allowed: false }>["reason"]) {
  if (reason === "not_buyer") return notFound(BOOKING_COPY.bookingNotFound);
  if (reason === "awaiting_move") return conflict(BOOKING_COPY.moveOfferAwaiting);
  return conflict(reason === "too_late" ? BOOKING_COPY.rescheduleTooLate : BOOKING_COPY.rescheduleNotConfirmed);
}

/** The viewer's booking if the policy lets them move it at `now`; else its refusal, thrown. */
async function movableOwnBooking(db: Db, viewer: Viewer, bookingId: string, now: Date) {
  const booking = await movableBooking(db, bookingId);
  if (!booking) throw notFound(BOOKING_COPY.bookingNotFound);
  const terms = rescheduleTerms(booking, viewer.id, now);
  if (!terms.allowed) throw rescheduleRefusal(terms.reason);
  return booking;
}

/** What the fan may move their booking to: the other upcoming slots of its gig (the reschedule page). */
export async function rescheduleChoices(
  env: Env,
  viewer: Viewer,
  bookingId: string,
  now = new Date(),
): Promise<RescheduleChoices> {
  const db = getDb(env);
  const booking = await movableOwnBooking(db, viewer, bookingId, now);
  const others = booking.gigId
    ? (await upcomingSlotsOfGig(db, booking.gigId, now)).filter((slot) => slot.id !== booking.slotId)
    : [];
  return {
    bookingId: booking.bookingId,
    orderId: booking.orderId,
    slotId: booking.slotId,
    startsAt: booking.startsAt,
    seats: booking.seats,
    deadline: rescheduleDeadline(booking.startsAt),
    slots: others,
  };
}

export type RescheduleOutcome = { bookingId: string; orderId: string; fromSlotId: string; toSlotId: string };

/**
 * A fan moves their confirmed booking to another slot of the same gig (reschedule-policy.ts says who and until when).
 * One batch, so the seats are never held twice nor lost: the booking's conditional update re-checks, in SQL, that it
 * is still the fan's confirmed booking of the old slot, that the old slot starts after the deadline, and that the new
 * slot is open, of the same gig, not started, with room for every seat (seats-taken rule, the fan's own waitlist offer
 * counting as theirs); the order follows the booking (the pair is one foreign key, checked at the batch's end), the
 * fan's waitlist place on the new slot is done, the old slot's freed seats are offered to its waitlist, the booking's
 * reminders start over for the new time, and the fan (a new invite: same UID, SEQUENCE + 1) and the streamer are
 * told. Nothing is charged or refunded: the price paid stands.
 */
export async function rescheduleBooking(
  env: Env,
  viewer: Viewer,
  input: { bookingId: string; toSlotId: string },
  now = new Date(),
): Promise<RescheduleOutcome> {
  const db = getDb(env);
  const booking = await movableOwnBooking(db, viewer, input.bookingId, now);
  if (input.toSlotId === booking.slotId) throw conflict(BOOKING_COPY.rescheduleSameSlot, "slotId");
  const to = input.toSlotId;
  // The policy's SQL twin: still the fan's confirmed booking, no move offer awaiting them, before the deadline.
  const move = moveBookingStatements(db, booking, to, now, [reschedulableBookingSql(viewer.id, now)]);
  const results = await db.batch(move.statements);
  if ((results[1] as { id: string }[]).length === 0) throw await moveRefusal(db, viewer, booking, to, now);
  await deliverMessages(env, move.keys, now);
  await offerFreedSeats(env, booking.slotId, now);
  return { bookingId: booking.bookingId, orderId: booking.orderId, fromSlotId: booking.slotId, toSlotId: to };
}

/** A booking as `moveBookingStatements` moves it: its buyer, slot, seats and invite's version. */
export type MovingBooking = {
  bookingId: string;
  orderId: string;
  userId: string;
  slotId: string;
  seats: number;
  inviteSequence: number;
};

/**
 * The batch that moves a confirmed booking to slot `to` (the fan's own move and their answer to a streamer's offer
 * share it). The booking's conditional update, second in the batch (its result says whether it moved), re-checks in
 * SQL that it is still the fan's confirmed booking of the old slot at the same invite version, that the new slot is
 * open, of the same gig and streamer, not started, with room for every seat (seats-taken rule, the fan's own offers
 * counting as theirs), plus the caller's `guard`; the order follows the booking (the pair is one foreign key, checked
 * at the batch's end), the fan's waitlist place on the new slot is done, the old slot's freed seats are offered to
 * its waitlist, the reminders start over, and the fan (a new invite: same UID, SEQUENCE + 1) and the streamer are
 * told. `moved` is the SQL of "the move landed in this batch", for statements the caller adds after these; `keys`
 * are the messages to deliver once it committed.
 */
export function moveBookingStatements(db: Db, booking: MovingBooking, to: string, now: Date, guard: SQL[]) {
  const at = now.getTime();
  const sequence = booking.inviteSequence + 1;
  // The move landed in this batch: the booking is on the new slot at the new invite version.
  const moved = sql`EXISTS (SELECT 1 FROM bookings moved WHERE moved.id = ${booking.bookingId} AND moved.slot_id = ${to} AND moved.invite_sequence = ${sequence})`;
  const messages = bookingMovedEntries(booking.bookingId, sequence, booking.slotId);
  const statements = [
    // bookings(order_id, slot_id, user_id) references orders(id, slot_id, user_id): the two rows change together,
    // and the key is checked when the batch commits.
    db.run(sql`PRAGMA defer_foreign_keys = ON`),
    db
      .update(bookings)
      .set({ slotId: to, inviteSequence: sequence, updatedAt: now })
      .where(
        and(
          eq(bookings.id, booking.bookingId),
          eq(bookings.status, "confirmed"),
          eq(bookings.slotId, booking.slotId),
          eq(bookings.inviteSequence, booking.inviteSequence),
          sql`EXISTS (SELECT 1 FROM slots target WHERE target.id = ${to} AND target.status = 'open'
            AND target.starts_at > ${at}
            AND target.product_id = (SELECT old.product_id FROM slots old WHERE old.id = ${booking.slotId})
            AND target.influencer_id = (SELECT old.influencer_id FROM slots old WHERE old.id = ${booking.slotId}))`,
          sql`${seatsTakenSql(sql`${to}`, now, undefined, booking.userId)} + ${booking.seats}
            <= (SELECT target.seats FROM slots target WHERE target.id = ${to})`,
          ...guard,
        ),
      )
      .returning({ id: bookings.id }),
    db
      .update(orders)
      .set({ slotId: to, updatedAt: now })
      .where(and(eq(orders.id, booking.orderId), moved)),
    acceptPlaceStatement(db, { slotId: to, userId: booking.userId, bookingId: booking.bookingId, now }),
    db.delete(bookingReminders).where(and(eq(bookingReminders.bookingId, booking.bookingId), moved)),
    ...messages.map((entry) => outboxStatement(db, entry, { now, when: moved })),
    ...offerStatements(db, booking.slotId, now, booking.seats),
    availabilityChangedStatement(db),
  ] as const;
  return { statements, moved, keys: messages.map((entry) => entry.key) };
}

/** Why a move was refused, read after the refused batch (never instead of it). */
async function moveRefusal(
  db: Db,
  viewer: Viewer,
  booking: { bookingId: string; slotId: string; gigId: string | null; seats: number },
  to: string,
  now: Date,
) {
  const current = await movableBooking(db, booking.bookingId);
  if (current && current.slotId !== booking.slotId) return conflict(BOOKING_COPY.rescheduleRaced);
  const terms = current ? rescheduleTerms(current, viewer.id, now) : null;
  if (terms && !terms.allowed) return rescheduleRefusal(terms.reason);
  const [target] = await db
    .select({
      gigId: slots.gigId,
      status: slots.status,
      startsAt: slots.startsAt,
      seats: slots.seats,
      taken: seatsTakenSql(col(slots.id), now),
    })
    .from(slots)
    .where(eq(slots.id, to));
  if (!target || target.gigId !== booking.gigId) return notFound(BOOKING_COPY.rescheduleOtherGig);
  if (target.status !== "open" || target.startsAt.getTime() <= now.getTime()) {
    return conflict(BOOKING_COPY.slotNotBookable, "slotId");
  }
  return conflict(BOOKING_COPY.rescheduleNoSeats, "slotId");
}
