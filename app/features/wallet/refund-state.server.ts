import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db, selectInChunks } from "~/platform/db.server";
import { orders, refunds } from "~db/schema";

/** A refund still owed on an order: written, not yet carried out (pending, or failed after its retries). */
export type OwedRefund = {
  refundId: string;
  orderId: string;
  amountMinor: number;
  currency: CurrencyCode;
  failed: boolean;
};

/** The refunds still owed on these orders, by order id (at most one each: refunds_owed_order_unique). */
export async function owedRefundsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OwedRefund>> {
  const rows = await selectInChunks(orderIds, (chunk) =>
    db
      .select({
        refundId: refunds.id,
        orderId: refunds.orderId,
        amountMinor: refunds.amountMinor,
        currency: refunds.currency,
        status: refunds.status,
      })
      .from(refunds)
      .where(and(inArray(refunds.orderId, chunk), ne(refunds.status, "succeeded"))),
  );
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        refundId: row.refundId,
        orderId: row.orderId,
        amountMinor: row.amountMinor,
        currency: row.currency,
        failed: row.status === "failed",
      },
    ]),
  );
}

/** The newest refund of an order that was carried out, if any (what a message says was refunded). */
export async function latestSettledRefund(db: Db, orderId: string) {
  const [row] = await db
    .select({ amountMinor: refunds.amountMinor, currency: refunds.currency })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded")))
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  return row ?? null;
}

/** One refund of an order as its invoice lists it: carried out (`settledAt`) or still owed (`settledAt` null). */
export type OrderRefund = {
  amountMinor: number;
  currency: CurrencyCode;
  method: "card" | "wallet";
  settledAt: Date | null;
};

/** Every refund of an order, oldest first: the ones carried out, and the one still owed (pending or failed) if any. */
export async function orderRefunds(db: Db, orderId: string): Promise<OrderRefund[]> {
  const rows = await db
    .select({
      amountMinor: refunds.amountMinor,
      currency: refunds.currency,
      method: refunds.method,
      status: refunds.status,
      settledAt: refunds.settledAt,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  // A refund carried out before settled_at existed counts from when it was written (the wallet path writes both).
  return rows.map(({ status, settledAt, createdAt, ...refund }) => ({
    ...refund,
    settledAt: status === "succeeded" ? (settledAt ?? createdAt) : null,
  }));
}

/** What is still owed in refunds on the selected order (null when nothing is), for any select over `orders`. */
export const refundOwedSql = sql<
  number | null
>`(SELECT ${col(refunds.amountMinor)} FROM ${refunds} WHERE ${col(refunds.orderId)} = ${col(orders.id)} AND ${col(refunds.status)} <> 'succeeded')`;
