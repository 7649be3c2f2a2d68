import { type SQL, sql } from "drizzle-orm";

/**
 * SQL: the booking (`bookingId`, a column such as `col(bookings.id)`) awaits its fan's answer to a move offer. Such a
 * booking is neither cancelled nor moved by any other path (its answer decides: the cancellation and reschedule
 * policies' SQL guards include it), gets no reminder for the old time and no review prompt.
 */
export function awaitingMoveSql(bookingId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM move_offers awaiting WHERE awaiting.booking_id = ${bookingId} AND awaiting.state = 'offered')`;
}
