import { and, eq, type SQL, sql } from "drizzle-orm";
import { conflict } from "~/lib/errors";
import type { Db } from "~/platform/db.server";
import { moveOffers } from "~db/schema";
import { BOOKING_COPY } from "./copy";

/**
 * SQL: the booking (`bookingId`, a column such as `col(bookings.id)`) awaits its fan's answer to a move offer. Such a
 * booking is neither cancelled nor moved by any other path (its answer decides), gets no reminder for the old time
 * and no review prompt.
 */
export function awaitingMoveSql(bookingId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM move_offers awaiting WHERE awaiting.booking_id = ${bookingId} AND awaiting.state = 'offered')`;
}

/**
 * Refuses (409) a change to a booking that awaits its fan's answer to a move offer: the answer decides it (the fan's
 * cancellation and own move say so before trying; their SQL guards hold it anyway).
 */
export async function refuseWhileAwaitingMove(db: Db, bookingId: string): Promise<void> {
  const [waiting] = await db
    .select({ id: moveOffers.id })
    .from(moveOffers)
    .where(and(eq(moveOffers.bookingId, bookingId), eq(moveOffers.state, "offered")))
    .limit(1);
  if (waiting) throw conflict(BOOKING_COPY.moveOfferAwaiting);
}
