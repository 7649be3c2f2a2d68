import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import { payments } from "~/platform/stripe/payments.server";
import { orders, refunds } from "~db/schema";

/**
 * Refunds to the card (docs/domain.md "Refund"). A card refund is an owed `refunds` row like any other (method
 * `card`), written in the batch of the change that owes it, and carried out by the one path of refunds.server.ts:
 * Stripe is asked first, with the row's id as its idempotency key (the same row never refunds twice, however often
 * or concurrently it is retried), then `settleRefundStatements` records it, so a failure on either side is retried
 * with backoff and lands exactly once. No wallet entry is written.
 *
 * Two causes owe one:
 * - the fan cancels a card-paid booking and chooses the card (`owedCardRefundStatement`, booking/cancel.server.ts);
 * - a signed payment charged another amount or currency than its order (`unacceptedPaymentRefundStatement`,
 *   payments/fulfilment.server.ts): the order fulfils nothing, and what was charged goes back to the card, once.
 */

export type OwedCardRefund = {
  /** The row's id, chosen by the caller so it can carry it out after the batch (and Stripe's idempotency key). */
  refundId: string;
  orderId: string;
  amountMinor: number;
  reason: string;
  createdBy: string | null;
  now: Date;
  /** A condition for the caller's own state change, e.g. `changes() = 1` right after the booking's cancellation. */
  guard?: SQL;
};

/** An owed card refund's columns, in the table's order, for an `INSERT ... SELECT`. */
function cardRefundRow(row: {
  id: SQL;
  orderId: SQL | typeof orders.id;
  amountMinor: number;
  currency: SQL | typeof orders.currency;
  reason: string;
  createdBy: string | null;
  countsOnOrder: boolean;
  at: number;
}) {
  return {
    id: sql<string>`${row.id}`.as("id"),
    orderId: row.orderId,
    amountMinor: sql<number>`${row.amountMinor}`.as("amount_minor"),
    currency: row.currency,
    method: sql<"card">`'card'`.as("method"),
    status: sql<"pending">`'pending'`.as("status"),
    reason: sql<string>`${row.reason}`.as("reason"),
    providerRefundId: sql<string | null>`NULL`.as("provider_refund_id"),
    createdBy: sql<string | null>`${row.createdBy}`.as("created_by"),
    attempts: sql<number>`0`.as("attempts"),
    lastError: sql<string | null>`NULL`.as("last_error"),
    nextAttemptAt: sql<Date>`${row.at}`.as("next_attempt_at"),
    settledAt: sql<Date | null>`NULL`.as("settled_at"),
    createdAt: sql<Date>`${row.at}`.as("created_at"),
    updatedAt: sql<Date>`${row.at}`.as("updated_at"),
    countsOnOrder: sql<boolean>`${row.countsOnOrder ? 1 : 0}`.as("counts_on_order"),
  };
}

/**
 * ONE statement recording a card refund owed on a paid card order, in the order's currency, for the caller's batch:
 * written only when the order is paid by card, not validated, and still has `amountMinor` left to refund (and the
 * guard holds). The order's refunded amount rises when it is carried out (`settleRefundStatements`).
 */
export function owedCardRefundStatement(db: Db, refund: OwedCardRefund) {
  if (!Number.isInteger(refund.amountMinor) || refund.amountMinor <= 0) {
    throw new Error(`owedCardRefundStatement: amount must be a positive integer, got ${refund.amountMinor}`);
  }
  const at = refund.now.getTime();
  return db.insert(refunds).select(
    db
      .select(
        cardRefundRow({
          id: sql`${refund.refundId}`,
          orderId: orders.id,
          amountMinor: refund.amountMinor,
          currency: orders.currency,
          reason: refund.reason,
          createdBy: refund.createdBy,
          countsOnOrder: true,
          at,
        }),
      )
      .from(orders)
      .where(
        and(
          eq(orders.id, refund.orderId),
          eq(orders.paymentMethod, "card"),
          inArray(orders.status, ["paid", "partially_refunded"]),
          isNull(orders.validatedAt),
          sql`${orders.amountMinor} - ${orders.refundedMinor} >= ${refund.amountMinor}`,
          refund.guard,
        ),
      ),
  );
}

/**
 * ONE statement recording that a card payment the order never accepted is owed back, as charged (the Checkout
 * session's amount and currency): `counts_on_order` 0, so carrying it out leaves the order (never paid) alone.
 * Once per order, ever (refunds_unaccepted_payment_unique): a replayed or concurrent event owes nothing more.
 */
export function unacceptedPaymentRefundStatement(
  db: Db,
  payment: { orderId: string; amountMinor: number; currency: string; reason: string; now: Date },
) {
  const at = payment.now.getTime();
  return db
    .insert(refunds)
    .select(
      db
        .select(
          cardRefundRow({
            id: sql`lower(hex(randomblob(10)))`,
            orderId: orders.id,
            amountMinor: payment.amountMinor,
            currency: sql`${payment.currency}`,
            reason: payment.reason,
            createdBy: null,
            countsOnOrder: false,
            at,
          }),
        )
        .from(orders)
        .where(and(eq(orders.id, payment.orderId), eq(orders.paymentMethod, "card"))),
    )
    .onConflictDoNothing();
}

/**
 * Asks Stripe to refund an owed card refund (the row's amount, to its order's payment intent, the row's id as the
 * idempotency key) and returns Stripe's refund id for `settleRefundStatements`. Throws when it cannot (no payment
 * to refund, Stripe failing): the caller records the attempt and retries.
 */
export async function refundToCard(env: Env, refundId: string): Promise<{ providerRefundId: string }> {
  const [row] = await getDb(env)
    .select({ amountMinor: refunds.amountMinor, paymentIntentId: orders.paymentIntentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.id, refundId), eq(refunds.method, "card")));
  if (!row) throw new Error("no such card refund");
  if (!row.paymentIntentId) throw new Error("the order has no card payment to refund");
  const refund = await payments(env).refundPayment({
    paymentIntentId: row.paymentIntentId,
    amountMinor: row.amountMinor,
    idempotencyKey: refundId,
  });
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
  }
  return { providerRefundId: refund.id };
}
