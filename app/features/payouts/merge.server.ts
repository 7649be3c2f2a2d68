import { and, eq, inArray, sql } from "drizzle-orm";
import { conflict, notFound } from "~/lib/errors";
import {
  batchGuard,
  col,
  type Db,
  idChunks,
  isBatchGuardFailure,
  isUniqueViolation,
  selectInChunks,
} from "~/platform/db.server";
import { CONFIG_KEYS, configurations, orders, payoutOrders, streamerProfiles } from "~db/schema";
import { type PayoutRatesInput, percentToBps } from "./admin-schema";
import { PAYOUT_COPY } from "./copy";
import { inNoActivePayout, orderRowsQuery, payableOrder } from "./orders.server";
import { DEFAULT_PAYOUT_TAX_BPS, type PayoutRates } from "./totals";

/**
 * The parts every payout write shares (docs/decisions/015-payouts.md): the percentages a payout snapshots, reading
 * the orders asked for while they are payable, the statements that merge them with their guard, and turning a
 * refused guard into a 409 with a message.
 */

/** The default percentages a new payout snapshots: the streamer's fee, then the configured taxes. */
export async function defaultRates(db: Db, streamerId: string): Promise<PayoutRates> {
  const [profile, config] = await Promise.all([
    db
      .select({ platformFeeBps: streamerProfiles.platformFeeBps })
      .from(streamerProfiles)
      .where(eq(streamerProfiles.userId, streamerId))
      .get(),
    db
      .select({ value: configurations.value })
      .from(configurations)
      .where(eq(configurations.key, CONFIG_KEYS.payoutTaxes))
      .get(),
  ]);
  if (!profile) throw notFound("Influencer not found");
  const taxes = (config?.value ?? {}) as Record<string, unknown>;
  const bps = (value: unknown, fallback: number) =>
    typeof value === "number" && value >= 0 && value <= 100 ? percentToBps(value) : fallback;
  return {
    platformFeeBps: profile.platformFeeBps,
    platformFeeIndirectTaxBps: bps(
      taxes.platformFeesIndirectTaxPercent,
      DEFAULT_PAYOUT_TAX_BPS.platformFeeIndirectTaxBps,
    ),
    indirectTaxBps: bps(taxes.indirectTaxPercent, DEFAULT_PAYOUT_TAX_BPS.indirectTaxBps),
    tdsBps: bps(taxes.tdsPercent, DEFAULT_PAYOUT_TAX_BPS.tdsBps),
  };
}

export function withOverrides(rates: PayoutRates, input: PayoutRatesInput): PayoutRates {
  return {
    platformFeeBps:
      input.platformFeesPercentage === undefined ? rates.platformFeeBps : percentToBps(input.platformFeesPercentage),
    platformFeeIndirectTaxBps:
      input.platformFeesIndirectTaxPercentage === undefined
        ? rates.platformFeeIndirectTaxBps
        : percentToBps(input.platformFeesIndirectTaxPercentage),
    indirectTaxBps:
      input.indirectTaxPercentage === undefined ? rates.indirectTaxBps : percentToBps(input.indirectTaxPercentage),
    tdsBps: input.tdsPercentage === undefined ? rates.tdsBps : percentToBps(input.tdsPercentage),
  };
}

/** The orders asked for, each read with its amount and net; refuses a set that is not payable now. */
export async function readMergeable(db: Db, streamerId: string, ids: string[], ownPayoutId: string | null) {
  const rows = await selectInChunks(ids, (chunk) =>
    orderRowsQuery(
      db,
      and(
        inArray(orders.id, chunk),
        sql`${payableOrder(streamerId)}`,
        ownPayoutId
          ? sql`NOT EXISTS (SELECT 1 FROM ${payoutOrders} po WHERE po.order_id = ${col(orders.id)} AND po.active = 1 AND po.payout_id <> ${ownPayoutId})`
          : inNoActivePayout(),
      ),
    ).all(),
  );
  if (rows.length !== ids.length) throw conflict(PAYOUT_COPY.ordersNotPayable);
  return rows;
}

/** Guard: every order of the payout is still payable, and there are exactly `count` of them. */
export function mergedExactly(db: Db, payoutId: string, streamerId: string, count: number) {
  return batchGuard(
    db,
    sql`(SELECT count(*) FROM ${payoutOrders} po WHERE po.payout_id = ${payoutId} AND po.active = 1) = ${count}
      AND NOT EXISTS (SELECT 1 FROM ${payoutOrders} po JOIN ${orders} ON ${col(orders.id)} = po.order_id
        WHERE po.payout_id = ${payoutId} AND po.active = 1 AND NOT (${payableOrder(streamerId)}))`,
  );
}

/**
 * Inserts the payout's rows for these orders, each only while it is payable (and not merged elsewhere): one
 * statement per chunk of ids (D1 binds at most 100 values), all in the caller's batch.
 */
export function mergeStatements(db: Db, payoutId: string, streamerId: string, ids: string[], now: Date) {
  return idChunks(ids).map((chunk) =>
    db
      .insert(payoutOrders)
      .select(
        db
          .select({
            payoutId: sql<string>`${payoutId}`.as("payout_id"),
            orderId: orders.id,
            active: sql<boolean>`1`.as("active"),
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
          })
          .from(orders)
          .where(and(inArray(orders.id, chunk), sql`${payableOrder(streamerId)}`, inNoActivePayout())),
      )
      .onConflictDoNothing(),
  );
}

export async function runGuarded<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBatchGuardFailure(error) || isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

export const unique = (ids: string[]) => [...new Set(ids)];

export function ratesColumns(rates: PayoutRates) {
  return {
    platformFeeBps: rates.platformFeeBps,
    platformFeeIndirectTaxBps: rates.platformFeeIndirectTaxBps,
    indirectTaxBps: rates.indirectTaxBps,
    tdsBps: rates.tdsBps,
  };
}
