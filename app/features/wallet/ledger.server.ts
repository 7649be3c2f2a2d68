import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/lib/id";
import type { Db } from "~/platform/db.server";
import { orders, refunds, walletEntries } from "../../../db/schema";

/**
 * The wallet's one write path for refunds. Every refund to the wallet in the product (a cancelled booking,
 * a streamer cancelling a slot, a late payment whose seat is gone, an unserved VIP place) goes through
 * `walletRefundStatements`, composed into the caller's own batch with its state change (booking cancelled,
 * queue entry refunded), so the state change and the money move together or not at all.
 *
 * Why it cannot over-refund: the batch raises `orders.refunded_minor` by the amount WITHOUT a guard in its
 * WHERE; the table's CHECK (`refunded_minor BETWEEN 0 AND amount_minor`) then fails the whole batch when
 * the refund would exceed what was paid, so nothing of it is written. The refund row's id is the wallet
 * entry's UNIQUE refund_id: one refund credits once. An order that is not paid is left untouched (the
 * refund and the entry are inserted only when the order update applied); to know whether it applied, read
 * the first statement's result (`meta.changes`) or the refunds of the order after the batch.
 */
export type WalletRefund = {
  orderId: string;
  /** The buyer, who is credited. */
  userId: string;
  amountMinor: number;
  currency: string;
  reason: string;
  /** The staff member or streamer who caused it; null for the system (sweeper, webhook, policy). */
  createdBy?: string | null;
  /**
   * An extra condition on the order update (the first statement), so the refund applies only together with
   * the caller's own state change. E.g. `sql\`changes() = 1\`` right after the caller's conditional
   * `UPDATE bookings SET status = 'cancelled' WHERE ... AND status = 'confirmed'`: a second, concurrent
   * cancellation changes no booking, so it refunds nothing (app/features/booking/cancel.server.ts).
   */
  guard?: SQL;
};

export function walletRefundStatements(db: Db, refund: WalletRefund): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  if (!Number.isInteger(refund.amountMinor) || refund.amountMinor <= 0) {
    throw new Error(`walletRefundStatements: amount must be a positive integer, got ${refund.amountMinor}`);
  }
  const refundId = newId();
  const now = new Date();
  const at = now.getTime();
  const amount = refund.amountMinor;
  return [
    db
      .update(orders)
      .set({
        refundedMinor: sql`${orders.refundedMinor} + ${amount}`,
        status: sql`CASE WHEN ${orders.refundedMinor} + ${amount} >= ${orders.amountMinor} THEN 'refunded' ELSE 'partially_refunded' END`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, refund.orderId), sql`${orders.status} IN ('paid', 'partially_refunded')`, refund.guard)),
    // Inserted only if the order update above applied (changes() counts the previous statement's rows):
    // an order that is not paid (pending, cancelled, already fully refunded) is left alone.
    db.insert(refunds).select(
      db
        .select({
          id: sql<string>`${refundId}`.as("id"),
          orderId: orders.id,
          amountMinor: sql<number>`${amount}`.as("amount_minor"),
          currency: sql<string>`${refund.currency}`.as("currency"),
          method: sql<"wallet">`'wallet'`.as("method"),
          status: sql<"succeeded">`'succeeded'`.as("status"),
          reason: sql<string>`${refund.reason}`.as("reason"),
          providerRefundId: sql<string | null>`NULL`.as("provider_refund_id"),
          createdBy: sql<string | null>`${refund.createdBy ?? null}`.as("created_by"),
          createdAt: sql<Date>`${at}`.as("created_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
        })
        .from(orders)
        .where(and(eq(orders.id, refund.orderId), sql`changes() = 1`)),
    ),
    db.insert(walletEntries).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          userId: sql<string>`${refund.userId}`.as("user_id"),
          amountMinor: sql<number>`${amount}`.as("amount_minor"),
          currency: sql<string>`${refund.currency}`.as("currency"),
          kind: sql<"refund">`'refund'`.as("kind"),
          orderId: refunds.orderId,
          refundId: refunds.id,
          payoutId: sql<string | null>`NULL`.as("payout_id"),
          note: sql<string>`${refund.reason}`.as("note"),
          createdBy: sql<string | null>`${refund.createdBy ?? null}`.as("created_by"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(refunds)
        .where(eq(refunds.id, refundId)),
    ),
  ];
}

/** The balance query, to run alone (`walletBalance`) or inside a caller's `db.batch` (one round trip). */
export function walletBalanceQuery(db: Db, userId: string, currency: string) {
  return db
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.currency, currency)));
}

/** A user's balance in one currency: the sum of their ledger entries (index-only scan). */
export async function walletBalance(db: Db, userId: string, currency: string): Promise<number> {
  const [row] = await walletBalanceQuery(db, userId, currency);
  return Number(row?.balance ?? 0);
}
