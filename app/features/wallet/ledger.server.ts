import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { fromUsdSql, toUsdSql } from "~/features/currency";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db } from "~/platform/db.server";
import { orders, packCreditEntries, passEntries, refunds, users, walletEntries } from "~db/schema";

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
  currency: CurrencyCode;
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

/**
 * The order was paid in advance: with a session pack's credit (ADR 027) or a VIP pass's use (ADR 032), whose `use`
 * entry names it, as SQL over an order id. Its refund gives the credit or the use back, never money.
 */
export function paidWithCreditSql(orderId: SQL | SQLWrapper): SQL {
  return sql`(EXISTS (SELECT 1 FROM pack_credit_entries u WHERE u.order_id = ${orderId} AND u.kind = 'use')
    OR EXISTS (SELECT 1 FROM pass_entries p WHERE p.order_id = ${orderId} AND p.kind = 'use'))`;
}

/** The refund `refundId` has succeeded and wholly refunded its order (when a credit or a pass use comes back). */
const wholeRefundDone = (refundId: string) =>
  and(eq(refunds.id, refundId), eq(refunds.status, "succeeded"), eq(orders.status, "refunded"));

/**
 * A refund of a VIP order paid with a pass use gives the use back instead of money (ADR 032), as a credit's
 * (`creditReturnStatement`): ONE `return` entry of the use's place and value, once the order is wholly refunded;
 * UNIQUE (order_id) over returns makes a second run a no-op, so every path that ends an unserved VIP place (removed,
 * a no-show, a missed ready check, the session's end) returns the use exactly once.
 */
function passReturnStatement(db: Db, refundId: string, at: number) {
  return db
    .insert(passEntries)
    .select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          passId: passEntries.passId,
          userId: passEntries.userId,
          kind: sql<"return">`'return'`.as("kind"),
          uses: sql<number>`1`.as("uses"),
          valueMinor: sql<number>`-${passEntries.valueMinor}`.as("value_minor"),
          currency: passEntries.currency,
          orderId: passEntries.orderId,
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(passEntries)
        .innerJoin(refunds, eq(refunds.orderId, passEntries.orderId))
        .innerJoin(orders, eq(orders.id, passEntries.orderId))
        .where(and(wholeRefundDone(refundId), eq(passEntries.kind, "use"))),
    )
    .onConflictDoNothing();
}

/**
 * A refund of an order paid with a pack credit gives the credit back instead of money (ADR 027): ONE insert of a
 * `return` entry of the use's credit and value, once the refund row `refundId` has succeeded and the order is wholly
 * refunded (a partial refund returns nothing). UNIQUE (order_id) over returns makes a second run a no-op, so every
 * refund path (the fan's cancellation, the streamer's, a no-show, a move refused) returns a credit exactly once.
 */
function creditReturnStatement(db: Db, refundId: string, at: number) {
  return db
    .insert(packCreditEntries)
    .select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          packId: packCreditEntries.packId,
          userId: packCreditEntries.userId,
          kind: sql<"return">`'return'`.as("kind"),
          credits: sql<number>`1`.as("credits"),
          valueMinor: sql<number>`-${packCreditEntries.valueMinor}`.as("value_minor"),
          currency: packCreditEntries.currency,
          orderId: packCreditEntries.orderId,
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(packCreditEntries)
        .innerJoin(refunds, eq(refunds.orderId, packCreditEntries.orderId))
        .innerJoin(orders, eq(orders.id, packCreditEntries.orderId))
        .where(and(wholeRefundDone(refundId), eq(packCreditEntries.kind, "use"))),
    )
    .onConflictDoNothing();
}

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
      .where(
        and(
          eq(orders.id, refund.orderId),
          sql`${orders.status} IN ('paid', 'partially_refunded')`,
          // A validated order was played and is payable (or paid out): no refund path takes money back from it.
          isNull(orders.validatedAt),
          refund.guard,
        ),
      ),
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
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`NULL`.as("last_error"),
          nextAttemptAt: sql<Date | null>`NULL`.as("next_attempt_at"),
          settledAt: sql<Date>`${at}`.as("settled_at"),
          createdAt: sql<Date>`${at}`.as("created_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
          countsOnOrder: sql<boolean>`1`.as("counts_on_order"),
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
          packId: sql<string | null>`NULL`.as("pack_id"),
          passId: sql<string | null>`NULL`.as("pass_id"),
          note: sql<string>`${refund.reason}`.as("note"),
          createdBy: sql<string | null>`${refund.createdBy ?? null}`.as("created_by"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(refunds)
        .where(and(eq(refunds.id, refundId), sql`NOT ${paidWithCreditSql(col(refunds.orderId))}`)),
    ),
    creditReturnStatement(db, refundId, at),
    passReturnStatement(db, refundId, at),
  ];
}

/** What makes a refund owed, as the fan, the streamer and finance staff read it on the order. */
export type OwedRefundCause = {
  /** Which orders are owed a refund of what is left of their payment (a condition on `orders`). */
  orders: SQL;
  reason: string;
  /** The staff member or streamer who caused it; null for the system. */
  createdBy: string | null;
  now: Date;
  /** The refund row's id, for a cause of one order that settles it in the same batch (`settleRefundStatements`). */
  refundId?: string;
};

/**
 * ONE statement that records a refund owed (a `pending` refunds row) of what is left to refund of every paid order
 * matching `cause.orders`, for the caller's batch with the state change that makes it owed (a slot cancelled by its
 * streamer, a session ended with VIP places unserved, a streamer removed): the change and the debt commit together.
 * Set-based, so an order that turned paid between a read and this batch is not missed; an order that already owes
 * one is skipped (refunds_owed_order_unique), so a cause written twice owes once. `settleRefundStatements` carries
 * it out.
 */
export function owedRefundsStatement(db: Db, cause: OwedRefundCause) {
  const at = cause.now.getTime();
  return db
    .insert(refunds)
    .select(
      db
        .select({
          id: (cause.refundId ? sql<string>`${cause.refundId}` : sql<string>`lower(hex(randomblob(10)))`).as("id"),
          orderId: orders.id,
          amountMinor: sql<number>`${orders.amountMinor} - ${orders.refundedMinor}`.as("amount_minor"),
          currency: orders.currency,
          method: sql<"wallet">`'wallet'`.as("method"),
          status: sql<"pending">`'pending'`.as("status"),
          reason: sql<string>`${cause.reason}`.as("reason"),
          providerRefundId: sql<string | null>`NULL`.as("provider_refund_id"),
          createdBy: sql<string | null>`${cause.createdBy}`.as("created_by"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`NULL`.as("last_error"),
          nextAttemptAt: sql<Date>`${at}`.as("next_attempt_at"),
          settledAt: sql<Date | null>`NULL`.as("settled_at"),
          createdAt: sql<Date>`${at}`.as("created_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
          countsOnOrder: sql<boolean>`1`.as("counts_on_order"),
        })
        .from(orders)
        .where(
          and(
            cause.orders,
            inArray(orders.status, ["paid", "partially_refunded"]),
            isNull(orders.validatedAt),
            sql`${orders.amountMinor} > ${orders.refundedMinor}`,
          ),
        ),
    )
    .onConflictDoNothing();
}

/**
 * The statements that carry out one owed refund, for one batch: the order's refunded amount and status, the refund
 * turned `succeeded`, and (to the wallet) the wallet credit. Each is conditional on the one before it
 * (`changes() = 1`), so carrying out the same refund twice, or concurrently, moves the money once; a refund that
 * would exceed what was paid fails the whole batch on the orders CHECK, and nothing of it is written. The second
 * statement returns the refund's id only when this batch settled it.
 *
 * A card refund is settled only with `card` (Stripe's refund, already made: card-refunds.server.ts `refundToCard`)
 * and writes no wallet entry; one that gives back a payment its order never accepted (`counts_on_order` 0) leaves the
 * order alone.
 */
export function settleRefundStatements(db: Db, refundId: string, now: Date, card?: { providerRefundId: string }) {
  const at = now.getTime();
  const method = card ? "card" : "wallet";
  const owedRow = sql`r.id = ${refundId} AND r.status IN ('pending', 'failed') AND r.method = ${method} AND r.counts_on_order = 1`;
  const owed = sql`(SELECT r.amount_minor FROM refunds r WHERE ${owedRow})`;
  return [
    db
      .update(orders)
      .set({
        refundedMinor: sql`${orders.refundedMinor} + ${owed}`,
        status: sql`CASE WHEN ${orders.refundedMinor} + ${owed} >= ${orders.amountMinor} THEN 'refunded' ELSE 'partially_refunded' END`,
        updatedAt: now,
      })
      .where(
        and(
          sql`${orders.id} = (SELECT r.order_id FROM refunds r WHERE ${owedRow})`,
          inArray(orders.status, ["paid", "partially_refunded"]),
          isNull(orders.validatedAt),
        ),
      ),
    db
      .update(refunds)
      .set({
        status: "succeeded",
        settledAt: now,
        lastError: null,
        nextAttemptAt: null,
        updatedAt: now,
        ...(card ? { providerRefundId: card.providerRefundId } : {}),
      })
      .where(
        and(
          eq(refunds.id, refundId),
          inArray(refunds.status, ["pending", "failed"]),
          eq(refunds.method, method),
          sql`(changes() = 1 OR ${refunds.countsOnOrder} = 0)`,
        ),
      )
      .returning({ id: refunds.id }),
    db.insert(walletEntries).select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          userId: orders.userId,
          amountMinor: refunds.amountMinor,
          currency: refunds.currency,
          kind: sql<"refund">`'refund'`.as("kind"),
          orderId: refunds.orderId,
          refundId: refunds.id,
          payoutId: sql<string | null>`NULL`.as("payout_id"),
          packId: sql<string | null>`NULL`.as("pack_id"),
          passId: sql<string | null>`NULL`.as("pass_id"),
          note: refunds.reason,
          createdBy: refunds.createdBy,
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(
          and(
            eq(refunds.id, refundId),
            eq(refunds.status, "succeeded"),
            eq(refunds.method, "wallet"),
            sql`changes() = 1`,
            sql`NOT ${paidWithCreditSql(col(refunds.orderId))}`,
          ),
        ),
    ),
    creditReturnStatement(db, refundId, at),
    passReturnStatement(db, refundId, at),
  ] as const;
}

/**
 * THE wallet debit, for the caller's batch with the order it pays: one conditional insert of a `purchase` entry that
 * is written only while the user's balance in `currency` covers `amountMinor` (the sum is an index-only scan of
 * wallet_entries_balance_idx). Nothing is read first, so two purchases racing for the same balance cannot both
 * debit it. Follow it with a guard (or a statement that needs the entry) to refuse the order when it was not written.
 * A session pack or a VIP pass is paid the same way, by a `pack_purchase` or `pass_purchase` entry naming it
 * (`for` in place of the order; ADR 027, ADR 032). `when` adds a condition of the caller's (a card's fulfilment pays
 * a pack once, and only once it is bought: ADR 040), and the pack or pass may be named by SQL read in the statement.
 */
export function walletDebitStatement(
  db: Db,
  debit: { userId: string; amountMinor: number; currency: CurrencyCode; note: string; now: Date; when?: SQL } & (
    | { orderId: string; for?: never }
    | { orderId?: never; for: { packId: string | SQL } | { passId: string | SQL } }
  ),
) {
  const packId = debit.for && "packId" in debit.for ? debit.for.packId : null;
  const passId = debit.for && "passId" in debit.for ? debit.for.passId : null;
  const kind = packId ? "pack_purchase" : passId ? "pass_purchase" : "purchase";
  return db.insert(walletEntries).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        userId: users.id,
        amountMinor: sql<number>`${-debit.amountMinor}`.as("amount_minor"),
        currency: sql<string>`${debit.currency}`.as("currency"),
        kind: sql<typeof kind>`${kind}`.as("kind"),
        orderId: sql<string | null>`${debit.orderId ?? null}`.as("order_id"),
        refundId: sql<string | null>`NULL`.as("refund_id"),
        payoutId: sql<string | null>`NULL`.as("payout_id"),
        packId: sql<string | null>`${packId}`.as("pack_id"),
        passId: sql<string | null>`${passId}`.as("pass_id"),
        note: sql<string>`${debit.note}`.as("note"),
        createdBy: sql<string | null>`NULL`.as("created_by"),
        createdAt: sql<Date>`${debit.now.getTime()}`.as("created_at"),
      })
      .from(users)
      .where(
        and(
          eq(users.id, debit.userId),
          sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w
               WHERE w.user_id = ${debit.userId} AND w.currency = ${debit.currency}) >= ${debit.amountMinor}`,
          debit.when,
        ),
      ),
  );
}

/** The balance query, to run alone (`walletBalance`) or inside a caller's `db.batch` (one round trip). */
export function walletBalanceQuery(db: Db, userId: string, currency: CurrencyCode) {
  return db
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amountMinor}), 0)` })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.currency, currency)));
}

/** A user's balance in one currency: the sum of their ledger entries (index-only scan). */
export async function walletBalance(db: Db, userId: string, currency: CurrencyCode): Promise<number> {
  const [row] = await walletBalanceQuery(db, userId, currency);
  return Number(row?.balance ?? 0);
}

/**
 * THE conversion of a fan's wallet into the one currency it holds (docs/decisions/020-prices-in-the-streamers-currency.md):
 * the currency of the fan's country (users.base_currency). Money in the other currency (a balance from before a change
 * of country, or a refund of an order paid before it) is moved by two adjustment entries: a credit of the converted
 * amount at the stored rate (rounded half up to the minor unit), then a debit of the whole balance, conditional on the
 * credit. Everything is read inside the statements, so they fit any batch that may leave a balance in the other
 * currency (the country change, a refund carried out) and do nothing when there is none or no rate is stored.
 */
export function walletConversionStatements(db: Db, userId: string | SQL, now: Date): BatchItem<"sqlite">[] {
  const user = typeof userId === "string" ? sql`${userId}` : userId;
  const at = now.getTime();
  const rate = sql`(SELECT r.rate_micros FROM exchange_rates r WHERE r.base = 'USD' AND r.quote = 'INR')`;
  const statements: BatchItem<"sqlite">[] = [];
  for (const [from, to] of [
    ["USD", "INR"],
    ["INR", "USD"],
  ] as const) {
    const balance = sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w WHERE w.user_id = ${user} AND w.currency = ${from})`;
    const converted = from === "USD" ? fromUsdSql(balance, rate) : toUsdSql(balance, rate);
    const creditId = newId();
    const entry = (id: string, amount: SQL, currency: CurrencyCode, note: string) => ({
      id: sql<string>`${id}`.as("id"),
      userId: users.id,
      amountMinor: sql<number>`${amount}`.as("amount_minor"),
      currency: sql<string>`${currency}`.as("currency"),
      kind: sql<"adjustment">`'adjustment'`.as("kind"),
      orderId: sql<string | null>`NULL`.as("order_id"),
      refundId: sql<string | null>`NULL`.as("refund_id"),
      payoutId: sql<string | null>`NULL`.as("payout_id"),
      packId: sql<string | null>`NULL`.as("pack_id"),
      passId: sql<string | null>`NULL`.as("pass_id"),
      note: sql<string>`${note}`.as("note"),
      createdBy: sql<string | null>`NULL`.as("created_by"),
      createdAt: sql<Date>`${at}`.as("created_at"),
    });
    statements.push(
      db.insert(walletEntries).select(
        db
          .select(entry(creditId, converted, to, `Converted from ${from} at the stored exchange rate`))
          .from(users)
          .where(
            and(
              sql`${users.id} = ${user}`,
              eq(users.baseCurrency, to),
              sql`${balance} > 0`,
              sql`${rate} > 0`,
              sql`${converted} > 0`,
            ),
          ),
      ),
      db.insert(walletEntries).select(
        db
          .select(entry(newId(), sql`-${balance}`, from, `Converted to ${to}`))
          .from(users)
          .where(
            and(
              sql`${users.id} = ${user}`,
              sql`EXISTS (SELECT 1 FROM wallet_entries c WHERE c.id = ${creditId})`,
              sql`${balance} > 0`,
            ),
          ),
      ),
    );
  }
  return statements;
}
