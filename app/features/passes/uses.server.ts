import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { prepaidOrderColumns } from "~/features/packs/index.server";
import { walletBalanceQuery } from "~/features/wallet/index.server";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db, getDb } from "~/platform/db.server";
import { orders, passEntries, passPurchases, walletEntries } from "~db/schema";
import { streamerPassQuery } from "./offers.server";

/**
 * The pass ledger's SQL (docs/decisions/032-vip-passes.md), a session pack's credits' twin: a pass's balance is the
 * sum of its entries (places left and the value they carry). Nothing here reads first and writes after: each write
 * carries its check.
 */
const usesLeftSql = (passId: unknown) =>
  sql<number>`(SELECT coalesce(sum(e.uses), 0) FROM pass_entries e WHERE e.pass_id = ${passId})`;
const passValueLeftSql = (passId: unknown) =>
  sql<number>`(SELECT coalesce(sum(e.value_minor), 0) FROM pass_entries e WHERE e.pass_id = ${passId})`;

/** The passes of a fan usable now with one streamer: paid, not run out (those with a place left: `usesLeft` > 0). */
function usablePassesQuery(db: Db, userId: string, streamerId: string, now: Date) {
  return db
    .select({ id: passPurchases.id, usesLeft: usesLeftSql(col(passPurchases.id)) })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.userId, userId),
        eq(passPurchases.streamerId, streamerId),
        eq(passPurchases.status, "paid"),
        gt(passPurchases.expiresAt, now),
      ),
    )
    .orderBy(passPurchases.expiresAt);
}

export type PassUses = { passId: string | null; uses: number };

/** The VIP places a fan holds with a streamer now (all their usable passes), and the pass a join uses first. */
export async function passUsesWith(db: Db, userId: string, streamerId: string, now: Date): Promise<PassUses> {
  return passUsesOf(await usablePassesQuery(db, userId, streamerId, now));
}

function passUsesOf(rows: { id: string; usesLeft: number | string | null }[]): PassUses {
  const usable = rows.filter((row) => Number(row.usesLeft) > 0);
  return { passId: usable[0]?.id ?? null, uses: usable.reduce((sum, row) => sum + Number(row.usesLeft), 0) };
}

/**
 * The reads of what the star page shows of a streamer's VIP pass, for the page's one batch: the pass on offer, and for
 * a signed-in fan the places they hold of it and their wallet's balance in `currency` (whether the wallet can pay).
 */
export function streamerPassReads(
  db: Db,
  streamerId: string,
  fan: { id: string; currency: CurrencyCode } | null,
  now: Date,
) {
  return {
    pass: streamerPassQuery(db, streamerId),
    passUses: fan ? usablePassesQuery(db, fan.id, streamerId, now) : undefined,
    wallet: fan ? walletBalanceQuery(db, fan.id, fan.currency) : undefined,
  };
}

/** The fan's places left on the streamer's passes, from `starPassReads`' rows. */
export function passUsesFrom(rows: { id: string; usesLeft: number | string | null }[] | undefined): PassUses | null {
  return rows ? passUsesOf(rows) : null;
}

/**
 * The statements that pay a VIP order with one pass use, for the live queue's join batch (app/features/live/
 * vip-pass.server.ts), in place of the order insert and the wallet debit:
 *   1. the order (kind vip_queue, paid), inserted only while the pass is the fan's, of the session's streamer, paid,
 *      not run out and holds a place; its amount the next use's value (what is left of the pass's value over the
 *      places left, rounded up), in the pass's currency and at its rate, so the streamer earns it when the place is
 *      served like any VIP order (ADR 032);
 *   2. the `use` entry, inserted only while a place is still left (the same statement reads the sum).
 * The caller's place insert and guard need both, so two joins racing for the last use give one place.
 */
export function passUseStatements(
  db: Db,
  input: {
    passId: string;
    orderId: string;
    userId: string;
    streamerId: string;
    liveSessionId: string;
    gamertag: string;
    now: Date;
  },
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const { passId, orderId, now } = input;
  const at = now.getTime();
  const left = usesLeftSql(col(passPurchases.id));
  const value = sql<number>`((${passValueLeftSql(col(passPurchases.id))} + ${left} - 1) / ${left})`;
  return [
    db.insert(orders).select(
      db
        .select(
          prepaidOrderColumns(passPurchases, value, {
            id: orderId,
            kind: "vip_queue",
            slotId: null,
            liveSessionId: input.liveSessionId,
            gamertag: input.gamertag,
            at,
          }),
        )
        .from(passPurchases)
        .where(
          and(
            eq(passPurchases.id, passId),
            eq(passPurchases.userId, input.userId),
            eq(passPurchases.streamerId, input.streamerId),
            eq(passPurchases.status, "paid"),
            gt(passPurchases.expiresAt, now),
            sql`${left} >= 1`,
          ),
        ),
    ),
    db.insert(passEntries).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          passId: sql<string>`${passId}`.as("pass_id"),
          userId: orders.userId,
          kind: sql<"use">`'use'`.as("kind"),
          uses: sql<number>`-1`.as("uses"),
          valueMinor: sql<number>`-${orders.amountMinor}`.as("value_minor"),
          currency: orders.currency,
          orderId: orders.id,
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(orders)
        .where(and(eq(orders.id, orderId), sql`${usesLeftSql(passId)} >= 1`)),
    ),
  ];
}

/**
 * True once the VIP order's pass use was taken (for the join batch's guard), over an order id or an order id column
 * (what a page says of an unserved place: its use comes back, not money).
 */
export function passUsedSql(orderId: string | SQL) {
  return sql`EXISTS (SELECT 1 FROM pass_entries u WHERE u.order_id = ${orderId} AND u.kind = 'use')`;
}

/**
 * The purchase entry of a pass that just turned paid: its N places and its whole price, once (UNIQUE per pass), and
 * only with its wallet debit (without it the value is NULL and the NOT NULL constraint fails the whole batch). Bought
 * by card, the fulfilment names the pass by SQL (ADR 040).
 */
export function passPurchaseEntryStatement(db: Db, passId: string | SQL, now: Date) {
  return db
    .insert(passEntries)
    .select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          passId: passPurchases.id,
          userId: passPurchases.userId,
          kind: sql<"purchase">`'purchase'`.as("kind"),
          uses: passPurchases.places,
          valueMinor: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM wallet_entries w WHERE w.pass_id = ${passId}
            AND w.kind = 'pass_purchase') THEN ${passPurchases.amountMinor} END`.as("value_minor"),
          currency: passPurchases.currency,
          orderId: sql<string | null>`NULL`.as("order_id"),
          createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
        })
        .from(passPurchases)
        .where(and(eq(passPurchases.id, passId), eq(passPurchases.status, "paid"))),
    )
    .onConflictDoNothing();
}

/**
 * Expires one pass that has run out: ONE `expiry` entry taking every place left and its value, then the wallet's
 * `pass_refund` of that value, made from the expiry entry this batch wrote (ADR 032: unused places are refunded pro
 * rata, as a pack's credits). A use returned after the expiry is expired by the next sweep the same way.
 */
function passExpiryStatements(db: Db, passId: string, now: Date): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const at = now.getTime();
  const entryId = newId();
  const left = usesLeftSql(col(passPurchases.id));
  return [
    db.insert(passEntries).select(
      db
        .select({
          id: sql<string>`${entryId}`.as("id"),
          passId: passPurchases.id,
          userId: passPurchases.userId,
          kind: sql<"expiry">`'expiry'`.as("kind"),
          uses: sql<number>`-${left}`.as("uses"),
          valueMinor: sql<number>`-${passValueLeftSql(col(passPurchases.id))}`.as("value_minor"),
          currency: passPurchases.currency,
          orderId: sql<string | null>`NULL`.as("order_id"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(passPurchases)
        .where(and(eq(passPurchases.id, passId), sql`${passPurchases.expiresAt} <= ${at}`, sql`${left} > 0`)),
    ),
    db.insert(walletEntries).select(
      db
        .select({
          id: sql<string>`${newId()}`.as("id"),
          userId: passEntries.userId,
          amountMinor: sql<number>`-${passEntries.valueMinor}`.as("amount_minor"),
          currency: passEntries.currency,
          kind: sql<"pass_refund">`'pass_refund'`.as("kind"),
          orderId: sql<string | null>`NULL`.as("order_id"),
          refundId: sql<string | null>`NULL`.as("refund_id"),
          payoutId: sql<string | null>`NULL`.as("payout_id"),
          packId: sql<string | null>`NULL`.as("pack_id"),
          passId: passEntries.passId,
          note: sql<string>`'Unused VIP pass places refunded at expiry'`.as("note"),
          createdBy: sql<string | null>`NULL`.as("created_by"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(passEntries)
        .where(and(eq(passEntries.id, entryId), sql`${passEntries.valueMinor} < 0`)),
    ),
  ];
}

/** Runs every pass expiry due (workers/jobs.ts, every minute). Returns how many passes it expired. */
export async function expirePasses(env: Env, now = new Date()): Promise<number> {
  const db = getDb(env);
  const due = await db
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.status, "paid"),
        sql`${passPurchases.expiresAt} <= ${now.getTime()}`,
        gt(usesLeftSql(col(passPurchases.id)), 0),
      ),
    )
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    const [entry] = (await db.batch(passExpiryStatements(db, id, now))) as unknown as [{ meta?: { changes?: number } }];
    if ((entry?.meta?.changes ?? 0) > 0) expired += 1;
  }
  return expired;
}

/** Of these orders, those a VIP pass's use paid for (their refund gives the use back, not money: what fans are told). */
export async function passPaidOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: passEntries.orderId })
    .from(passEntries)
    .where(and(eq(passEntries.kind, "use"), inArray(passEntries.orderId, [...orderIds].slice(0, 90))));
  return new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
}
