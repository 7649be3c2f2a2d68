import { type SQL, sql } from "drizzle-orm";
import { toUsdSql } from "~/features/currency";
import { type CurrencyCode, type Money, money } from "~/lib/money";
import { col } from "~/platform/db.server";
import { orders, refunds } from "~db/schema";

/*
 * THE definition of an earning order and its net (docs/decisions/015-payouts.md), used by every screen and rule that
 * counts a streamer's money: the earnings totals and chart, the staff validation list, the payable orders a payout
 * settles, its completion check, the finance work queue and the streamer's balance. An earning order is a slot booking
 * or a VIP place of the streamer that was paid and is not wholly refunded (`paid` or `partially_refunded`); it earns
 * its net: what the buyer paid minus what was refunded or is owed back. An order with a refund owed is not validated
 * (nor, so, paid out) until the refund is carried out. A partial refund (the fan cancelled late, the policy kept
 * half) therefore still earns its kept half, and is validated and paid out at that net like any other order.
 */

/** An earning order (of one streamer, or of any when `influencerId` is left out), as SQL over `orders`. */
export function earningOrder(streamerId?: string): SQL {
  const whose = streamerId === undefined ? sql`1 = 1` : sql`${col(orders.streamerId)} = ${streamerId}`;
  return sql`(${whose}
    AND ${col(orders.kind)} IN ('slot_booking', 'vip_queue')
    AND ${col(orders.status)} IN ('paid', 'partially_refunded'))`;
}

/** A refund written and not yet carried out on the order (ADR 018), as SQL over `orders`. */
export const refundOwedOnOrder = sql`EXISTS (SELECT 1 FROM ${refunds} owed WHERE owed.order_id = ${col(orders.id)} AND owed.status <> 'succeeded')`;

/**
 * What an order earns: the amount paid net of refunds, those carried out and those still owed (an owed refund is
 * the fan's money from the moment it is owed), in the order's minor units.
 */
export const orderNetMinor = sql<number>`(${col(orders.amountMinor)} - ${col(orders.refundedMinor)}
  - coalesce((SELECT sum(owed.amount_minor) FROM ${refunds} owed WHERE owed.order_id = ${col(orders.id)} AND owed.status <> 'succeeded'), 0))`;

/**
 * What an order earns in USD minor units: its net converted at the rate it was charged at (`rate_micros`, units of
 * the order's currency per USD; 1,000,000 for a USD order, which passes unchanged), rounded half up once per order.
 * Orders are charged in the buyer's currency (docs/decisions/020-prices-in-the-streamers-currency.md), so every sum
 * of a streamer's earnings across orders (totals, chart, balance, the finance queue) adds these.
 */
export const orderNetUsdMinor = toUsdSql(orderNetMinor, col(orders.rateMicros));

/**
 * An order's net as a value, from a row that selected `orderNetMinor` as `netMinor` with the order's currency:
 * every screen, statement, invoice and JSON answer reads an order's net through this pair, never by subtracting
 * refunds itself.
 */
export function orderNet(row: { netMinor: number | string; currency: CurrencyCode }): Money {
  return money(Number(row.netMinor), row.currency);
}
