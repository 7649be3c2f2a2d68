import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { formatMoney, money } from "~/lib/money";
import type { Db } from "~/platform/db.server";
import { bookings, orders, queueEntries, refunds, slots, users, walletEntries } from "~db/schema";
import { CLOSURE_COPY } from "./copy";

type Sums = { currency: string; total: number }[];

const amounts = (sums: Sums) =>
  sums.map((row) => formatMoney(money(row.total, row.currency as "USD" | "INR"))).join(" and ");

/**
 * Why the account cannot be closed now, each with what to do (empty when it can): money is owed either way. The fan's
 * wallet holds money, a refund to them is under way, they paid for a session still to come or a queue place still
 * running; a streamer has earnings not paid out, sessions still to come with fans booked, or is live. Read again by
 * the erasure job: what was settled when the person asked may not be on the day.
 */
export async function closureBlockers(db: Db, userId: string, now: Date): Promise<string[]> {
  const [wallet, owedRefunds, upcoming, queued, earnings, sessions, live] = await db.batch([
    db
      .select({ currency: walletEntries.currency, total: sql<number>`sum(${walletEntries.amountMinor})` })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .groupBy(walletEntries.currency)
      .having(sql`sum(${walletEntries.amountMinor}) <> 0`),
    db
      .select({ currency: refunds.currency, total: sql<number>`sum(${refunds.amountMinor})` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(orders.userId, userId), inArray(refunds.status, ["pending", "failed"])))
      .groupBy(refunds.currency),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(bookings.status, ["held", "confirmed"]),
          gt(slots.endsAt, now),
          eq(slots.status, "open"),
        ),
      ),
    db
      .select({ n: sql<number>`count(*)` })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.userId, userId),
          isNotNull(queueEntries.orderId),
          inArray(queueEntries.state, ["waiting", "playing_next", "in_game"]),
        ),
      ),
    db
      .select({ currency: orders.currency, total: sql<number>`sum(${orders.amountMinor} - ${orders.refundedMinor})` })
      .from(orders)
      .where(
        and(
          eq(orders.streamerId, userId),
          inArray(orders.status, ["paid", "partially_refunded"]),
          sql`NOT EXISTS (SELECT 1 FROM payout_orders po JOIN payouts p ON p.id = po.payout_id
            WHERE po.order_id = ${orders.id} AND po.active = 1 AND p.status = 'completed')`,
        ),
      )
      .groupBy(orders.currency),
    db
      .select({ n: sql<number>`count(DISTINCT ${slots.id})` })
      .from(slots)
      .innerJoin(bookings, eq(bookings.slotId, slots.id))
      .where(
        and(
          eq(slots.streamerId, userId),
          gt(slots.endsAt, now),
          eq(slots.status, "open"),
          eq(bookings.status, "confirmed"),
        ),
      ),
    db.select({ liveSessionId: users.liveSessionId }).from(users).where(eq(users.id, userId)),
  ]);
  const blockers: string[] = [];
  if (wallet.length > 0) blockers.push(CLOSURE_COPY.walletBalance(amounts(wallet)));
  if (owedRefunds.length > 0) blockers.push(CLOSURE_COPY.refundUnderWay(amounts(owedRefunds)));
  const upcomingCount = upcoming[0]?.n ?? 0;
  if (upcomingCount > 0) blockers.push(CLOSURE_COPY.upcomingBookings(upcomingCount));
  const queuedCount = queued[0]?.n ?? 0;
  if (queuedCount > 0) blockers.push(CLOSURE_COPY.paidQueuePlaces(queuedCount));
  const unpaid = earnings.filter((row) => row.total > 0);
  if (unpaid.length > 0) blockers.push(CLOSURE_COPY.unpaidEarnings(amounts(unpaid)));
  const sessionCount = sessions[0]?.n ?? 0;
  if (sessionCount > 0) blockers.push(CLOSURE_COPY.upcomingSessions(sessionCount));
  if (live[0]?.liveSessionId) blockers.push(CLOSURE_COPY.liveNow);
  return blockers;
}
