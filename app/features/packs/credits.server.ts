import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db, getDb } from "~/platform/db.server";
import { orders, packCreditEntries, packPurchases, type passPurchases, walletEntries } from "~db/schema";

/**
 * The credit ledger's SQL (docs/decisions/027-session-packs-and-credits.md). A pack's balance is the sum of its entries:
 * credits left and the value they carry. Nothing here reads first and writes after: each write carries its check.
 */
const creditsLeftSql = (packId: unknown) =>
  sql<number>`(SELECT coalesce(sum(e.credits), 0) FROM pack_credit_entries e WHERE e.pack_id = ${packId})`;
const valueLeftSql = (packId: unknown) =>
  sql<number>`(SELECT coalesce(sum(e.value_minor), 0) FROM pack_credit_entries e WHERE e.pack_id = ${packId})`;

/**
 * The columns of an order paid in advance, selected from the prepaid purchase it draws on (a session pack for a
 * booking, ADR 027; a VIP pass for a VIP place, ADR 032): the buyer, the streamer, the purchase's currency and rate,
 * paid now, at `value` (the next credit's or use's). The orders CHECK knows card and wallet only (the table is not
 * rebuilt on D1), so such an order reads `wallet` (value paid in advance) and its ledger's `use` entry names the
 * purchase (`paidWithCreditSql` in the wallet feature).
 */
export function prepaidOrderColumns<K extends "slot_booking" | "vip_queue">(
  from: typeof packPurchases | typeof passPurchases,
  value: SQL<number>,
  order: {
    id: string;
    kind: K;
    slotId: string | null;
    liveSessionId: string | null;
    gamertag: string | null;
    at: number;
  },
) {
  const { at } = order;
  return {
    id: sql<string>`${order.id}`.as("id"),
    userId: from.userId,
    streamerId: from.streamerId,
    kind: sql<K>`${order.kind}`.as("kind"),
    status: sql<"paid">`'paid'`.as("status"),
    amountMinor: value.as("amount_minor"),
    currency: from.currency,
    rateMicros: from.rateMicros,
    discountMinor: sql<number>`0`.as("discount_minor"),
    refundedMinor: sql<number>`0`.as("refunded_minor"),
    promoCodeId: sql<string | null>`NULL`.as("promo_code_id"),
    paymentMethod: sql<"wallet">`'wallet'`.as("payment_method"),
    checkoutSessionId: sql<string | null>`NULL`.as("checkout_session_id"),
    paymentIntentId: sql<string | null>`NULL`.as("payment_intent_id"),
    slotId: sql<string | null>`${order.slotId}`.as("slot_id"),
    liveSessionId: sql<string | null>`${order.liveSessionId}`.as("live_session_id"),
    validatedAt: sql<Date | null>`NULL`.as("validated_at"),
    validatedBy: sql<string | null>`NULL`.as("validated_by"),
    paidAt: sql<Date>`${at}`.as("paid_at"),
    gamertag: sql<string | null>`${order.gamertag}`.as("gamertag"),
    createdAt: sql<Date>`${at}`.as("created_at"),
    updatedAt: sql<Date>`${at}`.as("updated_at"),
  };
}

/** A pack a fan may book with now: theirs, paid, not run out, on this gig, a credit left. */
function usablePackSql(packId: string, userId: string, gigId: string, at: number) {
  return sql`${packPurchases.id} = ${packId} AND ${packPurchases.userId} = ${userId}
    AND ${packPurchases.gigId} = ${gigId} AND ${packPurchases.status} = 'paid'
    AND ${packPurchases.expiresAt} > ${at} AND ${creditsLeftSql(col(packPurchases.id))} >= 1`;
}

/**
 * The statements that pay a booking order with one credit, for the booking's own batch (app/features/booking/
 * purchase.server.ts), in place of the order insert and the wallet debit:
 *   1. the order, inserted only while the pack is usable, its amount the next credit's value (what is left of the
 *      pack's value over the credits left, rounded up: `nextCreditValue` in rules.ts), in the pack's currency and at
 *      its rate, so the streamer earns it when the session is served like any booking (ADR 027);
 *   2. the `use` entry of that credit, inserted only while a credit is still left (the same statement reads the sum).
 * The booking that follows requires the use entry (`creditUsedSql`), and the gamer tags' foreign key fails the whole
 * batch when it was not inserted: two bookings racing for the last credit give one.
 */
export function creditUseStatements(
  db: Db,
  input: {
    packId: string;
    orderId: string;
    userId: string;
    streamerId: string;
    gigId: string;
    slotId: string;
    now: Date;
  },
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const { packId, orderId, userId, now } = input;
  const at = now.getTime();
  const value = sql<number>`((${valueLeftSql(col(packPurchases.id))} + ${creditsLeftSql(col(packPurchases.id))} - 1) / ${creditsLeftSql(col(packPurchases.id))})`;
  return [
    db.insert(orders).select(
      db
        .select(
          prepaidOrderColumns(packPurchases, value, {
            id: orderId,
            kind: "slot_booking",
            slotId: input.slotId,
            liveSessionId: null,
            gamertag: null,
            at,
          }),
        )
        .from(packPurchases)
        .where(and(usablePackSql(packId, userId, input.gigId, at), eq(packPurchases.streamerId, input.streamerId))),
    ),
    db.insert(packCreditEntries).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          packId: sql<string>`${packId}`.as("pack_id"),
          userId: orders.userId,
          kind: sql<"use">`'use'`.as("kind"),
          credits: sql<number>`-1`.as("credits"),
          valueMinor: sql<number>`-${orders.amountMinor}`.as("value_minor"),
          currency: orders.currency,
          orderId: orders.id,
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(orders)
        .where(and(eq(orders.id, orderId), sql`${creditsLeftSql(packId)} >= 1`)),
    ),
  ];
}

/** True once the booking order's credit was taken (for the booking insert's chain). */
export function creditUsedSql(orderId: string) {
  return sql`EXISTS (SELECT 1 FROM pack_credit_entries u WHERE u.order_id = ${orderId} AND u.kind = 'use')`;
}

/**
 * The purchase entry of a pack that just turned paid: its N credits and its whole price, once (UNIQUE per pack),
 * only if the pack is paid (written in the same batch as the wallet debit, bought from the wallet or by card: the
 * card's fulfilment names the pack by SQL, ADR 040).
 */
export function purchaseEntryStatement(
  db: Db,
  packId: string | SQL,
  now: Date,
  options: { requireWalletDebit?: boolean } = {},
) {
  // Paid from the wallet: without the debit the value is NULL, and the NOT NULL constraint fails the whole batch.
  const value = options.requireWalletDebit
    ? sql<number>`CASE WHEN EXISTS (SELECT 1 FROM wallet_entries w WHERE w.pack_id = ${packId} AND w.kind = 'pack_purchase') THEN ${packPurchases.amountMinor} END`
    : sql<number>`${packPurchases.amountMinor}`;
  return db
    .insert(packCreditEntries)
    .select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          packId: packPurchases.id,
          userId: packPurchases.userId,
          kind: sql<"purchase">`'purchase'`.as("kind"),
          credits: packPurchases.sessions,
          valueMinor: value.as("value_minor"),
          currency: packPurchases.currency,
          orderId: sql<string | null>`NULL`.as("order_id"),
          createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
        })
        .from(packPurchases)
        .where(and(eq(packPurchases.id, packId), eq(packPurchases.status, "paid"))),
    )
    .onConflictDoNothing();
}

/**
 * Expires one pack that has run out: ONE `expiry` entry taking every credit left and the value they carry, then the
 * wallet's `pack_refund` of that value, inserted only from the expiry entry this batch wrote (ADR 027: unused
 * credits are refunded pro rata). The expiry reads the balance in its own statement, so a use or a return racing it
 * lands wholly before or after; a credit returned after the expiry (a booking cancelled later) is expired by the
 * next sweep the same way.
 */
function expiryStatements(db: Db, packId: string, now: Date): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const at = now.getTime();
  const entryId = newId();
  return [
    db.insert(packCreditEntries).select(
      db
        .select({
          id: sql<string>`${entryId}`.as("id"),
          packId: packPurchases.id,
          userId: packPurchases.userId,
          kind: sql<"expiry">`'expiry'`.as("kind"),
          credits: sql<number>`-${creditsLeftSql(col(packPurchases.id))}`.as("credits"),
          valueMinor: sql<number>`-${valueLeftSql(col(packPurchases.id))}`.as("value_minor"),
          currency: packPurchases.currency,
          orderId: sql<string | null>`NULL`.as("order_id"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(packPurchases)
        .where(
          and(
            eq(packPurchases.id, packId),
            eq(packPurchases.status, "paid"),
            sql`${packPurchases.expiresAt} <= ${at}`,
            sql`${creditsLeftSql(col(packPurchases.id))} > 0`,
          ),
        ),
    ),
    db.insert(walletEntries).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          userId: packCreditEntries.userId,
          amountMinor: sql<number>`-${packCreditEntries.valueMinor}`.as("amount_minor"),
          currency: packCreditEntries.currency,
          kind: sql<"pack_refund">`'pack_refund'`.as("kind"),
          orderId: sql<string | null>`NULL`.as("order_id"),
          refundId: sql<string | null>`NULL`.as("refund_id"),
          payoutId: sql<string | null>`NULL`.as("payout_id"),
          packId: packCreditEntries.packId,
          passId: sql<string | null>`NULL`.as("pass_id"),
          note: sql<string>`'Unused pack credits refunded at expiry'`.as("note"),
          createdBy: sql<string | null>`NULL`.as("created_by"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(packCreditEntries)
        .where(and(eq(packCreditEntries.id, entryId), sql`${packCreditEntries.valueMinor} < 0`)),
    ),
  ];
}

/** Packs that have run out with credits left (the every-minute sweep's work). */
async function expiredPackIds(db: Db, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: packPurchases.id })
    .from(packPurchases)
    .where(
      and(
        eq(packPurchases.status, "paid"),
        sql`${packPurchases.expiresAt} <= ${now.getTime()}`,
        gt(creditsLeftSql(col(packPurchases.id)), 0),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Runs every expiry due (workers/jobs.ts, every minute). Returns how many packs it expired. */
export async function expirePacks(env: Env, now = new Date()): Promise<number> {
  const db = getDb(env);
  let expired = 0;
  for (const packId of await expiredPackIds(db, now)) {
    const [entry] = (await db.batch(expiryStatements(db, packId, now))) as unknown as [{ meta?: { changes?: number } }];
    if ((entry?.meta?.changes ?? 0) > 0) expired += 1;
  }
  return expired;
}

/** The query of the fan's usable packs on a gig (one statement, for the gig page's batch: `creditsOf` reads it). */
export function creditsOnGigQuery(db: Db, userId: string, gigId: string, now: Date) {
  return db
    .select({ id: packPurchases.id, credits: creditsLeftSql(col(packPurchases.id)), currency: packPurchases.currency })
    .from(packPurchases)
    .where(
      and(
        eq(packPurchases.userId, userId),
        eq(packPurchases.gigId, gigId),
        eq(packPurchases.status, "paid"),
        gt(packPurchases.expiresAt, now),
      ),
    )
    .orderBy(packPurchases.expiresAt);
}

export type CreditsOnGig = { packId: string | null; credits: number; currency: CurrencyCode | null };

/** The credits a fan holds on a gig now (all their usable packs), and the pack a booking uses first. */
export function creditsOf(rows: readonly unknown[]): CreditsOnGig {
  const usable = (rows as Awaited<ReturnType<typeof creditsOnGigQuery>>).filter((row) => Number(row.credits) > 0);
  return {
    packId: usable[0]?.id ?? null,
    credits: usable.reduce((sum, row) => sum + Number(row.credits), 0),
    currency: usable[0]?.currency ?? null,
  };
}

/** The credits a fan holds on a gig now, read alone. */
export async function creditsOnGig(db: Db, userId: string, gigId: string, now: Date): Promise<CreditsOnGig> {
  return creditsOf(await creditsOnGigQuery(db, userId, gigId, now));
}
