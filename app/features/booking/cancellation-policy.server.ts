import { and, eq, type SQL, sql } from "drizzle-orm";
import { col } from "~/platform/db.server";
import { bookings, slots } from "~db/schema";
import { CANCELLABLE_BOOKING_STATUS, type Canceller, cancellableStartsAfter } from "./cancellation-policy";
import { awaitingMoveSql } from "./move-offer-sql.server";

/**
 * The Cancellation Policy on the server: its decision (cancellation-policy.ts, browser-safe, re-exported here) and its
 * SQL twin, the guard of every conditional write that cancels a booking. The use cases decide with the one and write
 * with the other; cancellation-policy.test.ts runs both over the same cases and holds them equal.
 */
export {
  type CancellationTerms,
  type Canceller,
  cancellationTerms,
} from "./cancellation-policy";

/**
 * The SQL twin of `cancellationTerms(by, booking, now).allowed`, a condition on `bookings`: confirmed, not awaiting
 * its fan's answer to a move offer (the answer decides it), and its slot starting after `by`'s cut-off at `now`
 * (the streamer has none).
 */
export function cancellableBookingSql(by: Canceller, now: Date): SQL | undefined {
  const startsAfter = cancellableStartsAfter(by, now);
  const beforeCutoff = startsAfter
    ? sql`(SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}) > ${startsAfter.getTime()}`
    : undefined;
  return and(
    eq(bookings.status, CANCELLABLE_BOOKING_STATUS),
    sql`NOT ${awaitingMoveSql(col(bookings.id))}`,
    beforeCutoff,
  );
}
