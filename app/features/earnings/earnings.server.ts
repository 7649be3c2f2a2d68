import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { assertReadBusiness } from "~/features/streamer/access";
import { pageInfo } from "~/lib/paging";
import { getDb, named } from "~/platform/db.server";
import { DEFAULT_PLATFORM_FEE_BPS, influencerProfiles, orders, products, slots, users } from "~db/schema";
import { earningOrder, orderNetUsdMinor } from "./earning-order";
import { EARNINGS_WINDOWS, type EarningsWindow, netOfFee } from "./math";

const DAY_MS = 86_400_000;
/** What the buyer paid and kept paid: amount net of refunds, in USD at the order's rate (earning-order.ts). */
const keptMinor = orderNetUsdMinor;

/** The streamer's platform fee (SPEC default 20% for a profile not set up yet). */
async function feeBpsOf(env: Env, influencerId: string) {
  const row = await getDb(env)
    .select({ bps: influencerProfiles.platformFeeBps })
    .from(influencerProfiles)
    .where(eq(influencerProfiles.userId, influencerId))
    .get();
  return row?.bps ?? DEFAULT_PLATFORM_FEE_BPS;
}

function paidSince(influencerId: string, since: Date) {
  return and(earningOrder(influencerId), gte(orders.paidAt, since));
}

/**
 * Earnings for the last 7, 30 and 90 days: what buyers paid (net of refunds), the platform fee at the
 * streamer's percentage and the net, in USD minor units (each order at the rate it was charged at); pages show
 * them converted into the streamer's currency. One D1 round trip.
 */
export async function earningsTotals(env: Env, viewer: Viewer | null, influencerId: string, now = new Date()) {
  assertReadBusiness(viewer, influencerId, "payouts");
  const feeBps = await feeBpsOf(env, influencerId);
  const db = getDb(env);
  const windowQuery = (days: number) =>
    db
      .select({ gross: sql<number>`coalesce(sum(${keptMinor}), 0)`, orders: count() })
      .from(orders)
      .where(paidSince(influencerId, new Date(now.getTime() - days * DAY_MS)));
  const [w7, w30, w90] = await db.batch([windowQuery(7), windowQuery(30), windowQuery(90)]);
  const windows = [w7, w30, w90].map((rows, i) => ({
    days: EARNINGS_WINDOWS[i] as EarningsWindow,
    orders: rows[0]?.orders ?? 0,
    ...netOfFee(Number(rows[0]?.gross ?? 0), feeBps),
  }));
  return { currency: "USD" as const, feeBps, windows };
}

/** The paid orders of a window, newest first, each with its own fee and net. */
export async function paginatedEarnings(
  env: Env,
  viewer: Viewer | null,
  influencerId: string,
  options: { days: EarningsWindow; page: number; limit: number },
  now = new Date(),
) {
  assertReadBusiness(viewer, influencerId, "payouts");
  const feeBps = await feeBpsOf(env, influencerId);
  const db = getDb(env);
  const where = paidSince(influencerId, new Date(now.getTime() - options.days * DAY_MS));
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: orders.id,
          kind: orders.kind,
          status: orders.status,
          paidAt: orders.paidAt,
          kept: keptMinor,
          buyer: users.username,
          gig: products.title,
        }),
      )
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(slots, eq(slots.id, orders.slotId))
      .leftJoin(products, eq(products.id, slots.productId))
      .where(where)
      .orderBy(desc(orders.paidAt))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db
      .select({ n: count(), gross: sql<number>`coalesce(sum(${keptMinor}), 0)` })
      .from(orders)
      .where(where),
  ]);
  const totalItems = total[0]?.n ?? 0;
  return {
    currency: "USD" as const,
    feeBps,
    days: options.days,
    ...pageInfo(totalItems, options.page, options.limit),
    total: netOfFee(Number(total[0]?.gross ?? 0), feeBps),
    earnings: rows.map((row) => ({
      orderId: row.id,
      kind: row.kind,
      status: row.status,
      paidAt: row.paidAt,
      buyer: row.buyer,
      gig: row.gig,
      ...netOfFee(Number(row.kept), feeBps),
    })),
  };
}
