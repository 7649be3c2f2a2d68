import { drizzle } from "drizzle-orm/d1";
import { newId } from "../app/lib/id";
import { alertDeliveries, auditLog, moveOffers, notifications, payouts, refunds, walletEntries } from "../db/schema";

/**
 * Rows that follow a sale (refunds, payouts, offers to move a booking, alerts, notifications, staff's audit
 * entries), for tests that start from them
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

/** A refund of an order to the fan's wallet, carried out at `at`: the succeeded refund and its wallet credit. */
export async function refundToWallet(
  d1: D1Database,
  order: { id: string; userId: string },
  money: { amountMinor: number; currency: "USD" | "INR" },
  at: Date,
  reason = "Cancelled by the fan",
) {
  const id = newId();
  await db(d1)
    .insert(refunds)
    .values({
      id,
      orderId: order.id,
      ...money,
      method: "wallet",
      status: "succeeded",
      reason,
      settledAt: at,
      createdAt: at,
    });
  await db(d1)
    .insert(walletEntries)
    .values({
      id: newId(),
      userId: order.userId,
      ...money,
      kind: "refund",
      orderId: order.id,
      refundId: id,
      note: reason,
      createdAt: at,
    });
  return { id };
}

/** An unread notification of a user (a booking notice linking to the profile unless told otherwise). */
export async function notifyUser(
  d1: D1Database,
  userId: string,
  title: string,
  overrides: Partial<typeof notifications.$inferInsert> = {},
) {
  const id = newId();
  await db(d1)
    .insert(notifications)
    .values({ id, userId, type: "booking", title, url: "/profile", ...overrides });
  return { id };
}

/** An entry in the staff audit log, written by `actor`. */
export async function recordAudit(
  d1: D1Database,
  actor: { id: string; role: string },
  entry: Pick<typeof auditLog.$inferInsert, "action" | "entity" | "entityId" | "after" | "createdAt">,
) {
  const id = newId();
  await db(d1)
    .insert(auditLog)
    .values({ id, actorId: actor.id, actorRole: actor.role, ...entry });
  return { id };
}
