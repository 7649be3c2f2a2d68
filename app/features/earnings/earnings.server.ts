import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { type CurrencyCode, type Money, money } from "~/lib/money";
import { totalsByCurrency } from "~/lib/money-math";
import { pageInfo } from "~/lib/paging";
import { getDb, named } from "~/platform/db.server";
import { DEFAULT_PLATFORM_FEE_BPS, gigs, orders, slots, streamerProfiles, users } from "~db/schema";
import { earningOrder, orderNetMinor, orderNetUsdMinor } from "./earning-order";
import { EARNINGS_WINDOWS, type EarningsWindow, netOfFee } from "./math";

/** Gross (buyers' money net of refunds), platform fee and net of some orders, in one currency. */
export type EarningsInCurrency = { currency: CurrencyCode; orders: number; gross: Money; fee: Money; net: Money };

/** `netOfFee` as values of the orders' own currency: the fee rounded once on the total, per currency. */
function earningsIn(currency: CurrencyCode, grossMinor: number, orders: number, feeBps: number): EarningsInCurrency {
  const { feeMinor, netMinor } = netOfFee(grossMinor, feeBps);
  return {
    currency,
    orders,
    gross: money(grossMinor, currency),
    fee: money(feeMinor, currency),
    net: money(netMinor, currency),
  };
}

/** Rows of (currency, gross in that currency, orders) as one EarningsInCurrency per currency, rupees first. */
function perCurrency(rows: { currency: CurrencyCode; gross: number | string; n: number }[], feeBps: number) {
  const order = totalsByCurrency(rows.map((row) => money(Number(row.gross), row.currency))).map((t) => t.currency);
  return order.flatMap((currency) => {
    const row = rows.find((r) => r.currency === currency);
    return row ? [earningsIn(currency, Number(row.gross), row.n, feeBps)] : [];
  });
}

const DAY_MS = 86_400_000;
/** What the buyer paid and kept paid: amount net of refunds, in USD at the order's rate (earning-order.ts). */
const keptMinor = orderNetUsdMinor;

/** The streamer's platform fee (20% for a profile not set up yet: docs/domain.md, "Constants"). */
async function feeBpsOf(env: Env, streamerId: string) {
  const row = await getDb(env)
    .select({ bps: streamerProfiles.platformFeeBps })
    .from(streamerProfiles)
    .where(eq(streamerProfiles.userId, streamerId))
    .get();
  return row?.bps ?? DEFAULT_PLATFORM_FEE_BPS;
}

function paidSince(streamerId: string, since: Date) {
  return and(earningOrder(streamerId), gte(orders.paidAt, since));
}

/**
 * Earnings for the last 7, 30 and 90 days: what buyers paid (net of refunds), the platform fee at the streamer's
 * percentage and the net, per currency the orders were paid in (`byCurrency`: what pages show, never one sum of
 * rupees and dollars), and as one USD figure with each order converted at the rate it was charged at (the API's
 * `grossMinor`/`feeMinor`/`netMinor`, labelled USD). One D1 round trip.
 */
export async function earningsTotals(env: Env, viewer: Viewer | null, streamerId: string, now = new Date()) {
  assertReadBusiness(viewer, streamerId, "payouts");
  const feeBps = await feeBpsOf(env, streamerId);
  const db = getDb(env);
  const windowQuery = (days: number) =>
    db
      .select({
        currency: orders.currency,
        gross: sql<number>`coalesce(sum(${orderNetMinor}), 0)`,
        usd: sql<number>`coalesce(sum(${keptMinor}), 0)`,
        n: count(),
      })
      .from(orders)
      .where(paidSince(streamerId, new Date(now.getTime() - days * DAY_MS)))
      .groupBy(orders.currency);
  const [w7, w30, w90] = await db.batch([windowQuery(7), windowQuery(30), windowQuery(90)]);
  const windows = [w7, w30, w90].map((rows, i) => ({
    days: EARNINGS_WINDOWS[i] as EarningsWindow,
    orders: rows.reduce((n, row) => n + row.n, 0),
    ...netOfFee(
      rows.reduce((usd, row) => usd + Number(row.usd), 0),
      feeBps,
    ),
    byCurrency: perCurrency(rows, feeBps),
  }));
  return { currency: "USD" as const, feeBps, windows };
}

/** The paid orders of a window, newest first, each with its own fee and net. */
export async function paginatedEarnings(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  options: { days: EarningsWindow; page: number; limit: number },
  now = new Date(),
) {
  assertReadBusiness(viewer, streamerId, "payouts");
  const feeBps = await feeBpsOf(env, streamerId);
  const db = getDb(env);
  const where = paidSince(streamerId, new Date(now.getTime() - options.days * DAY_MS));
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: orders.id,
          kind: orders.kind,
          status: orders.status,
          paidAt: orders.paidAt,
          currency: orders.currency,
          netMinor: orderNetMinor,
          kept: keptMinor,
          buyer: users.username,
          gig: gigs.title,
        }),
      )
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(slots, eq(slots.id, orders.slotId))
      .leftJoin(gigs, eq(gigs.id, slots.gigId))
      .where(where)
      .orderBy(desc(orders.paidAt))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db
      .select({
        currency: orders.currency,
        n: count(),
        gross: sql<number>`coalesce(sum(${orderNetMinor}), 0)`,
        usd: sql<number>`coalesce(sum(${keptMinor}), 0)`,
      })
      .from(orders)
      .where(where)
      .groupBy(orders.currency),
  ]);
  const totalItems = total.reduce((n, row) => n + row.n, 0);
  return {
    currency: "USD" as const,
    feeBps,
    days: options.days,
    ...pageInfo(totalItems, options.page, options.limit),
    total: netOfFee(
      total.reduce((usd, row) => usd + Number(row.usd), 0),
      feeBps,
    ),
    totals: perCurrency(total, feeBps),
    earnings: rows.map((row) => ({
      orderId: row.id,
      kind: row.kind,
      status: row.status,
      paidAt: row.paidAt,
      buyer: row.buyer,
      gig: row.gig,
      ...netOfFee(Number(row.kept), feeBps),
      inCurrency: earningsIn(row.currency, Number(row.netMinor), 1, feeBps),
    })),
  };
}
