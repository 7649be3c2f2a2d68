import { type SQL, sql } from "drizzle-orm";
import { col } from "~/platform/db.server";
import { bookings, slots } from "~db/schema";
import { CANCELLABLE_BOOKING_STATUS } from "./cancellation-policy";
import { awaitingMoveSql } from "./move-offer-sql.server";
import { RESCHEDULE_BEFORE_MS } from "./reschedule-policy";

/**
 * Moving a booking on the server: the policy's decision (reschedule-policy.ts, browser-safe, re-exported here) and its
 * SQL twin, the guard of the move's conditional write. reschedule-policy.test.ts runs both over the same cases.
 */
export { type RescheduleTerms, rescheduleTerms } from "./reschedule-policy";

/**
 * The SQL twin of `rescheduleTerms(booking, moverId, now).allowed`, a condition on `bookings`: the mover's own
 * confirmed booking, not awaiting their answer to a move offer, its slot starting more than `RESCHEDULE_BEFORE_MS`
 * after `now`.
 */
export function reschedulableBookingSql(moverId: string, now: Date): SQL {
  return sql`${col(bookings.userId)} = ${moverId} AND ${col(bookings.status)} = ${CANCELLABLE_BOOKING_STATUS}
    AND NOT ${awaitingMoveSql(col(bookings.id))}
    AND (SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}) > ${now.getTime() + RESCHEDULE_BEFORE_MS}`;
}
