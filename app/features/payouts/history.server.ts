import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { money } from "~/lib/money";
import { addMoney } from "~/lib/money-math";
import { pageInfo } from "~/lib/paging";
import { z } from "~/lib/zod";
import { col, getDb } from "~/platform/db.server";
import { payoutOrders, payouts } from "~db/schema";

/** docs/domain.md: payout history defaults limit 10, sort created_desc. */
export const payoutHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(50).optional().default(10),
  sort: z.enum(["created_desc", "created_asc"]).optional().default("created_desc"),
});

/** Payouts the streamer can see: made (active) or paid (completed). Drafts are still staff's work. */
const VISIBLE = ["active", "completed"] as const;

/**
 * The streamer's payout history, from each payout's own snapshot (period, orders, percentages, fee, taxes,
 * net), never recomputed from today's settings.
 */
export async function payoutHistory(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  query: z.output<typeof payoutHistoryQuerySchema>,
) {
  assertReadBusiness(viewer, streamerId, "payouts");
  const db = getDb(env);
  const where = and(eq(payouts.streamerId, streamerId), inArray(payouts.status, [...VISIBLE]));
  const [rows, total] = await db.batch([
    db
      .select({
        id: payouts.id,
        status: payouts.status,
        periodStart: payouts.periodStart,
        periodEnd: payouts.periodEnd,
        currency: payouts.currency,
        grossMinor: payouts.grossMinor,
        platformFeeBps: payouts.platformFeeBps,
        platformFeeMinor: payouts.platformFeeMinor,
        platformFeeIndirectTaxBps: payouts.platformFeeIndirectTaxBps,
        platformFeeIndirectTaxMinor: payouts.platformFeeIndirectTaxMinor,
        indirectTaxBps: payouts.indirectTaxBps,
        indirectTaxMinor: payouts.indirectTaxMinor,
        tdsBps: payouts.tdsBps,
        tdsMinor: payouts.tdsMinor,
        netMinor: payouts.netMinor,
        completedAt: payouts.completedAt,
        createdAt: payouts.createdAt,
        orders: sql<number>`(SELECT count(*) FROM ${payoutOrders} WHERE ${payoutOrders.payoutId} = ${col(payouts.id)} AND ${payoutOrders.active} = 1)`,
      })
      .from(payouts)
      .where(where)
      .orderBy(query.sort === "created_asc" ? payouts.createdAt : desc(payouts.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  const totalItems = total[0]?.n ?? 0;
  return {
    // Each payout's figures as values of its own currency: the fee with its indirect tax, the taxes withheld.
    payouts: rows.map((row) => {
      const of = (minor: number) => money(minor, row.currency);
      return {
        ...row,
        gross: of(row.grossMinor),
        fee: addMoney(of(row.platformFeeMinor), of(row.platformFeeIndirectTaxMinor)),
        taxes: addMoney(of(row.indirectTaxMinor), of(row.tdsMinor)),
        net: of(row.netMinor),
      };
    }),
    ...pageInfo(totalItems, query.page, query.limit),
  };
}
