import { sql } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { earningOrder, orderNetUsdMinor } from "~/features/earnings/earning-order";
import { assertReadBusiness } from "~/features/streamer/access";
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
 */
export type StreamerBalance = {
  earned: number;
  paidOut: number;
  inPayouts: number;
  payable: number;
  toValidate: number;
};

export async function streamerBalance(env: Env, viewer: Viewer | null, influencerId: string): Promise<StreamerBalance> {
  assertReadBusiness(viewer, influencerId, "payouts");
  const db = getDb(env);
  const payoutOf = sql`(SELECT p.status FROM ${payoutOrders} po JOIN ${payouts} p ON p.id = po.payout_id
    WHERE po.order_id = ${col(orders.id)} AND po.active = 1)`;
  const sumWhere = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(CASE WHEN ${condition} THEN ${orderNetUsdMinor} ELSE 0 END), 0)`;
  const [byOrders] = await db.batch([
    db
      .select({
        earned: sql<number>`coalesce(sum(${orderNetUsdMinor}), 0)`,
        paidOut: sumWhere(sql`${payoutOf} = 'completed'`),
        inPayouts: sumWhere(sql`${payoutOf} IN ('draft', 'active')`),
        payable: sumWhere(sql`${payoutOf} IS NULL AND ${col(orders.validatedAt)} IS NOT NULL`),
        toValidate: sumWhere(sql`${payoutOf} IS NULL AND ${col(orders.validatedAt)} IS NULL`),
      })
      .from(orders)
      .where(earningOrder(influencerId)),
  ]);
  const row = byOrders[0];
  return {
    earned: Number(row?.earned ?? 0),
    paidOut: Number(row?.paidOut ?? 0),
    inPayouts: Number(row?.inPayouts ?? 0),
    payable: Number(row?.payable ?? 0),
    toValidate: Number(row?.toValidate ?? 0),
  };
}
