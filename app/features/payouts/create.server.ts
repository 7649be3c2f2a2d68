import { eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { batchGuard, col, getDb } from "~/platform/db.server";
import { payouts, streamerProfiles } from "~db/schema";
import type { CreatePayoutInput } from "./admin-schema";
import { PAYOUT_COPY } from "./copy";
import {
  defaultRates,
  mergedExactly,
  mergeStatements,
  ratesColumns,
  readMergeable,
  runGuarded,
  unique,
  withOverrides,
} from "./merge.server";
import { inNoActivePayout, orderRowsQuery, paidWithin, payableOrder } from "./orders.server";
import { type PayoutRates, type PayoutTotals, payoutsByCurrency } from "./totals";

/**
 * Orders of the streamer that a new payout for this period could settle, grouped by currency: one proposed payout
 * per currency, each with the totals a payout of all its orders would have (a payout never adds currencies).
 */
export async function remainingOrders(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  period: { startTime: Date; endTime: Date },
) {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const rows = await orderRowsQuery(
    db,
    sql`${payableOrder(streamerId)} AND ${inNoActivePayout()} AND ${paidWithin(period)}`,
  ).all();
  const rates = await defaultRates(db, streamerId);
  return { orders: rows, rates, byCurrency: payoutsByCurrency(rows, rates) };
}

export type CreatedPayout = PayoutTotals & { id: string; currency: CurrencyCode; rates: PayoutRates; orders: number };

/**
 * Creates draft payouts merging the chosen orders: one per currency among them (the staff screen's default
 * submission proposes every payable order, so a streamer paid in rupees and dollars gets two), each with its
 * snapshot of percentages and its totals, all in one batch (all or none) with an audit entry each.
 */
export async function createPayout(
  env: Env,
  viewer: Viewer | null,
  input: CreatePayoutInput,
  now = new Date(),
): Promise<{ payouts: CreatedPayout[] }> {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const ids = unique(input.mergedOrders);
  const profile = await db
    .select({ isVerified: streamerProfiles.isVerified })
    .from(streamerProfiles)
    .where(eq(streamerProfiles.userId, input.influencerId))
    .get();
  if (!profile) throw notFound("Influencer not found");
  if (!profile.isVerified) throw conflict(PAYOUT_COPY.notVerified);
  const rows = await readMergeable(db, input.influencerId, ids, null);
  const outside = rows.some(
    (row) => !row.paidAt || row.paidAt < input.startTime || row.paidAt.getTime() > input.endTime.getTime(),
  );
  if (outside) throw conflict(PAYOUT_COPY.ordersNotPayable);
  const rates = withOverrides(await defaultRates(db, input.influencerId), input);
  const drafts = payoutsByCurrency(rows, rates).map((group) => ({
    id: newId(),
    currency: group.currency,
    orderIds: group.orders.map((order) => order.id),
    totals: group.totals,
  }));
  const statements = drafts.flatMap((draft) => {
    const values = {
      id: draft.id,
      streamerId: input.influencerId,
      periodStart: input.startTime,
      periodEnd: input.endTime,
      status: "draft" as const,
      ...ratesColumns(rates),
      currency: draft.currency,
      ...draft.totals,
      createdBy: viewer.id,
      createdAt: now,
      updatedAt: now,
    };
    return [
      db.insert(payouts).values(values),
      ...mergeStatements(db, draft.id, input.influencerId, draft.orderIds, now),
      mergedExactly(db, draft.id, input.influencerId, draft.orderIds.length),
      auditStatement(
        db,
        viewer,
        { action: "payout.create", entity: "payout", entityId: draft.id, after: { ...values, orders: draft.orderIds } },
        now,
      ),
    ];
  });
  const [first, ...rest] = statements;
  if (!first) throw conflict(PAYOUT_COPY.noOrders);
  await runGuarded(
    () =>
      db.batch([
        first,
        ...rest,
        batchGuard(
          db,
          sql`EXISTS (SELECT 1 FROM ${streamerProfiles} WHERE ${col(streamerProfiles.userId)} = ${input.influencerId} AND ${col(streamerProfiles.isVerified)} = 1)`,
        ),
      ]),
    PAYOUT_COPY.ordersNotPayable,
  );
  return {
    payouts: drafts.map((draft) => ({
      id: draft.id,
      currency: draft.currency,
      ...draft.totals,
      rates,
      orders: draft.orderIds.length,
    })),
  };
}
