import { env } from "cloudflare:workers";
import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { getDb } from "~/platform/db.server";
import { BOOKING_STATUSES, type BookingStatus, bookings, moveOffers } from "~db/schema";
import { offerMove } from "~tests/after-sale-factories";
import { createBooking, createSlot, createUser } from "~tests/factories";
import { bookedSlot } from "~tests/support/booked-slot";

/**
 * A rule's two twins compared (docs/domain.md, "Money rules and the one place each is defined"): the TypeScript
 * decision the pages and use cases read, and the SQL guard of the conditional write that makes it race-safe.
 */

/** Whether `guard` holds for the row `rowId` of `table` (its primary key `id`), evaluated in a SELECT. */
export async function guardHolds(
  table: SQLiteTable,
  id: SQLiteColumn,
  rowId: string,
  guard: SQL | undefined,
): Promise<boolean> {
  const rows = await getDb(env)
    .select({ id })
    .from(table)
    .where(and(eq(id, rowId), guard));
  return rows.length === 1;
}

/** Whether `guard`, a condition on `bookings`, holds for the booking `bookingId`. */
export const bookingGuardHolds = (bookingId: string, guard: SQL | undefined) =>
  guardHolds(bookings, bookings.id, bookingId, guard);

export type Disagreement<C> = { case: C; ts: boolean; sql: boolean };

/** The cases on which the TypeScript decision and the SQL guard answer differently (none when they are twins). */
export async function disagreements<C>(
  cases: readonly C[],
  decide: (c: C) => boolean,
  holds: (c: C) => Promise<boolean>,
): Promise<Disagreement<C>[]> {
  const found: Disagreement<C>[] = [];
  for (const c of cases) {
    const ts = decide(c);
    const inSql = await holds(c);
    if (ts !== inSql) found.push({ case: c, ts, sql: inSql });
  }
  return found;
}

/** Whether a booking's fan has a streamer's move offer: none, one awaiting their answer, or one answered. */
export const MOVE_OFFER_CASES = ["none", "offered", "refunded"] as const;

export type BookingInState = {
  bookingId: string;
  buyerId: string;
  status: BookingStatus;
  offer: (typeof MOVE_OFFER_CASES)[number];
};

/**
 * One booking of one slot starting at `start` per booking status and move-offer case (real rows, through the
 * factories), for a booking policy's twins to be evaluated on.
 */
export async function bookingsInEveryState(start: Date) {
  const { streamer, slot } = await bookedSlot(start, 100);
  const other = await createSlot(env.DB, streamer.id, null, new Date(start.getTime() + 7 * 24 * 3_600_000));
  const db = getDb(env);
  const rows: BookingInState[] = [];
  for (const status of BOOKING_STATUSES) {
    for (const offer of MOVE_OFFER_CASES) {
      const fan = await createUser(env.DB);
      const created = status === "completed" || status === "no_show" ? "confirmed" : status;
      const booking = await createBooking(env.DB, slot, fan.id, created);
      if (created !== status) await db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      if (offer !== "none") {
        const made = await offerMove(
          env.DB,
          { id: booking.id, orderId: booking.orderId, userId: fan.id, seats: 1 },
          { from: slot.id, to: other.id },
          start,
        );
        if (offer === "refunded") await db.update(moveOffers).set({ state: offer }).where(eq(moveOffers.id, made.id));
      }
      rows.push({ bookingId: booking.id, buyerId: fan.id, status, offer });
    }
  }
  return { streamer, slot, rows };
}
