import { drizzle } from "drizzle-orm/d1";
import { newId } from "../app/lib/id";
import { alertDeliveries, moveOffers, payouts } from "../db/schema";

/**
 * Rows that follow a sale (payouts, offers to move a booking, alert deliveries), for tests that start from them
 * rather than walk the use cases that make them. The shared factories (tests/factories.ts) re-export them.
 */
const db = (d1: D1Database) => drizzle(d1);

/** A completed payout of a streamer for a period: $10 gross, 18% fee, $8.20 net unless told otherwise. */
export async function createCompletedPayout(
  d1: D1Database,
  streamerId: string,
  period: { start: Date; end: Date },
  overrides: Partial<typeof payouts.$inferInsert> = {},
) {
  const id = overrides.id ?? newId();
  await db(d1)
    .insert(payouts)
    .values({
      id,
      streamerId,
      periodStart: period.start,
      periodEnd: period.end,
      status: "completed",
      platformFeeBps: 1800,
      platformFeeIndirectTaxBps: 0,
      indirectTaxBps: 0,
      tdsBps: 0,
      currency: "USD",
      grossMinor: 1000,
      platformFeeMinor: 180,
      platformFeeIndirectTaxMinor: 0,
      indirectTaxMinor: 0,
      tdsMinor: 0,
      netMinor: 820,
      completedAt: period.end,
      ...overrides,
    });
  return { id };
}

/** A waiting offer to move a booking from one slot to another, running out at `expiresAt`. */
export async function offerMove(
  d1: D1Database,
  booking: { id: string; orderId: string; userId: string; seats: number },
  slots: { from: string; to: string },
  expiresAt: Date,
) {
  const id = newId();
  await db(d1).insert(moveOffers).values({
    id,
    bookingId: booking.id,
    orderId: booking.orderId,
    userId: booking.userId,
    fromSlotId: slots.from,
    toSlotId: slots.to,
    seats: booking.seats,
    expiresAt,
    createdAt: new Date(),
  });
  return { id };
}

/** A web-push alert sent to a user about a live session, with how its delivery ended. */
export async function recordAlertDelivery(
  d1: D1Database,
  alert: Pick<typeof alertDeliveries.$inferInsert, "userId" | "kind" | "liveSessionId" | "outcome">,
) {
  const id = newId();
  await db(d1)
    .insert(alertDeliveries)
    .values({ id, key: `alert-${id}`, ...alert });
  return { id };
}
