import { and, eq, inArray, sql } from "drizzle-orm";
import type { FulfilmentStep } from "~/features/payments";
import { givePromoUseBackStatement } from "~/features/promo/index.server";
import { BOOKING_FORM_MAX_PLAYERS, seatsTakenSql } from "~/features/seats";
import { offerFreedSeats, offerStatements } from "~/features/waitlist/index.server";
import { col } from "~/platform/db.server";
import { bookings } from "~db/schema";
import { bookingConfirmedMessages, lateRefundMessages } from "./confirmation.server";

/**
 * A slot booking's part of fulfilment. Taking the seat is one conditional UPDATE of the order's booking,
 * from held (or expired, for a late payment) to confirmed, only while the slot is open and the seats taken
 * by the OTHER bookings plus this one fit: inside the hold this is always true (the hold counted them); after
 * it, it is true only if nobody took the seat meanwhile.
 */
export const slotBookingStep: FulfilmentStep = {
  take(db, order, now) {
    const at = now.getTime();
    return [
      db
        .update(bookings)
        .set({ status: "confirmed", confirmedAt: now, holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(bookings.orderId, order.id),
            inArray(bookings.status, ["held", "expired"]),
            sql`${seatsTakenSql(col(bookings.slotId), at, col(bookings.id))} + ${col(bookings.seats)}
                <= (SELECT s.seats FROM slots s WHERE s.id = ${col(bookings.slotId)} AND s.status = 'open')`,
          ),
        ),
    ];
  },
  taken(order) {
    return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.order_id = ${order.id} AND b.status = 'confirmed')`;
  },
  lose(db, order, now) {
    return [
      db
        .update(bookings)
        .set({ status: "expired", holdExpiresAt: null, updatedAt: now })
        .where(and(eq(bookings.orderId, order.id), inArray(bookings.status, ["held", "expired"]))),
    ];
  },
  lost(order) {
    return sql`EXISTS (SELECT 1 FROM bookings b WHERE b.order_id = ${order.id} AND b.status = 'expired')`;
  },
  release(db, order, now) {
    return [
      db
        .update(bookings)
        .set({ status: "expired", holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(bookings.orderId, order.id),
            eq(bookings.status, "held"),
            sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${order.id} AND o.status = 'cancelled')`,
          ),
        ),
      givePromoUseBackStatement(db, sql`(${order.id})`),
      // The freed seats go to the slot's waitlist in the same batch, so no other buyer takes them first.
      ...(order.slotId ? offerStatements(db, order.slotId, now, BOOKING_FORM_MAX_PLAYERS) : []),
    ];
  },
  async released(env, order, now) {
    // Tells the fans offered the seats, and offers any left.
    if (order.slotId) await offerFreedSeats(env, order.slotId, now);
  },
  confirmedMessages: (order) => bookingConfirmedMessages(order.id),
  refundedLateMessages: (order) => lateRefundMessages(order.id),
};
