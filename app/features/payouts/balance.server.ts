import { sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { earningOrder, orderNetMinor, orderNetUsdMinor } from "~/features/earnings";
import { type Money, money } from "~/lib/money";
import { totalsByCurrency } from "~/lib/money-math";
import { col, getDb } from "~/platform/db.server";
import { orders, payoutOrders, payouts } from "~db/schema";

/**
 * Where every minor unit a streamer earned stands (docs/decisions/015-payouts.md), all time, in USD minor units:
 * - earned: the net of every earning order (app/features/earnings/earning-order.ts), as the earnings screens count;
 * - paidOut: the net of the orders their completed payouts settled (a completed payout's gross is checked equal to
 *   its orders' net when it completes, in its own currency; counted here per order so payouts in rupees and in
 *   dollars add up in USD like the rest);
 * - inPayouts: the net of earning orders merged into a draft or active payout;
 * - payable: validated earning orders in no payout yet (what staff can put in the next one);
 * - toValidate: earning orders staff have not validated yet (upcoming or just played sessions).
 * earned = paidOut + inPayouts + payable + toValidate, to the minor unit, holds whenever every completed payout pays
 * exactly the net of its orders: the randomized ledger test and the demo data check it for every streamer.
 * `inCurrency` gives the same five figures per currency the orders were paid in, exactly (what pages show: one
 * total per currency, never rupees added to dollars); the same identity holds in each currency.
 */
type Buckets<T> = { earned: T; paidOut: T; inPayouts: T; payable: T; toValidate: T };
export type StreamerBalance = Buckets<number> & { inCurrency: Buckets<Money[]> };

export async function streamerBalance(env: Env, viewer: Viewer | null, streamerId: string): Promise<StreamerBalance> {
  assertReadBusiness(viewer, streamerId, "payouts");
  const db = getDb(env);
  const payoutOf = sql`(SELECT p.status FROM ${payoutOrders} po JOIN ${payouts} p ON p.id = po.payout_id
    WHERE po.order_id = ${col(orders.id)} AND po.active = 1)`;
  const conditions: Buckets<ReturnType<typeof sql>> = {
    earned: sql`1 = 1`,
    paidOut: sql`${payoutOf} = 'completed'`,
    inPayouts: sql`${payoutOf} IN ('draft', 'active')`,
    payable: sql`${payoutOf} IS NULL AND ${col(orders.validatedAt)} IS NOT NULL`,
    toValidate: sql`${payoutOf} IS NULL AND ${col(orders.validatedAt)} IS NULL`,
  };
  const sumWhere = (condition: ReturnType<typeof sql>, net: typeof orderNetMinor) =>
    sql<number>`coalesce(sum(CASE WHEN ${condition} THEN ${net} ELSE 0 END), 0)`;
  const rows = await db
    .select({
      currency: orders.currency,
      earned: sumWhere(conditions.earned, orderNetMinor),
      paidOut: sumWhere(conditions.paidOut, orderNetMinor),
      inPayouts: sumWhere(conditions.inPayouts, orderNetMinor),
      payable: sumWhere(conditions.payable, orderNetMinor),
      toValidate: sumWhere(conditions.toValidate, orderNetMinor),
      earnedUsd: sumWhere(conditions.earned, orderNetUsdMinor),
      paidOutUsd: sumWhere(conditions.paidOut, orderNetUsdMinor),
      inPayoutsUsd: sumWhere(conditions.inPayouts, orderNetUsdMinor),
      payableUsd: sumWhere(conditions.payable, orderNetUsdMinor),
      toValidateUsd: sumWhere(conditions.toValidate, orderNetUsdMinor),
    })
    .from(orders)
    .where(earningOrder(streamerId))
    .groupBy(orders.currency);
  type Bucket = keyof Buckets<unknown>;
  const usd = (bucket: Bucket) => rows.reduce((sum, row) => sum + Number(row[`${bucket}Usd`]), 0);
  const inCurrency = (bucket: Bucket) => totalsByCurrency(rows.map((row) => money(Number(row[bucket]), row.currency)));
  return {
    earned: usd("earned"),
    paidOut: usd("paidOut"),
    inPayouts: usd("inPayouts"),
    payable: usd("payable"),
    toValidate: usd("toValidate"),
    inCurrency: {
      earned: inCurrency("earned"),
      paidOut: inCurrency("paidOut"),
      inPayouts: inCurrency("inPayouts"),
      payable: inCurrency("payable"),
      toValidate: inCurrency("toValidate"),
    },
  };
}
