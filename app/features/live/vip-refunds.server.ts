import { and, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  owedRefundIds,
  owedRefundsStatement,
  settleRefundStatements,
  settleRefunds,
} from "~/features/wallet/index.server";
import { col, type Db } from "~/platform/db.server";
import { orders, queueEntries } from "~db/schema";
import {
  type HeldVipPlaceOutcome,
  VIP_PLACE_OUTCOMES,
  type VipPlaceEvent,
  type VipPlaceOutcome,
  vipPlaceEndsFrom,
} from "./vip-outcomes";

/**
 * The VIP place outcomes on the server: the table and its decision (vip-outcomes.ts, browser-safe, re-exported here),
 * the SQL twin of the decision (`vipPlaceEndingSql`, the guard of every write that ends a VIP place) and the one
 * refund entry point.
 */
export { VIP_PLACE_OUTCOMES, vipPlaceOutcome } from "./vip-outcomes";

/**
 * The SQL twin of `vipPlaceOutcome(event, place) === outcome`, a condition on `queue_entries`: a VIP place in one of
 * the states from which `event` ends it with `outcome`.
 */
export function vipPlaceEndingSql(event: VipPlaceEvent, outcome: HeldVipPlaceOutcome): SQL {
  const from = vipPlaceEndsFrom(event, outcome);
  if (from.length === 0) return sql`0`;
  return sql`${col(queueEntries.lane)} = 'vip' AND ${col(queueEntries.state)} IN (${sql.join(
    from.map((state) => sql`${state}`),
    sql`, `,
  )})`;
}

/**
 * THE refund of VIP places ending with `outcome`, for the batch of the change that ends them: nothing when the table
 * says none; else one owed refund of what is left of each order matching `orders` (a condition on `orders`, written
 * to match only the places this batch changed, so a second run owes nothing more). With `refundId` (a cause of one
 * order) the refund is also carried out in the same batch; without it, `settleVipRefunds` carries them out after the
 * batch commits (and the JOBS queue and the sweep retry any that fail).
 */
function vipRefundStatements(
  db: Db,
  outcome: VipPlaceOutcome,
  cause: { orders: SQL; createdBy: string | null; now: Date; refundId?: string },
): BatchItem<"sqlite">[] {
  const row = VIP_PLACE_OUTCOMES[outcome];
  if (row.refund !== "full to wallet") return [];
  const owed = owedRefundsStatement(db, {
    orders: cause.orders,
    reason: row.reason,
    createdBy: cause.createdBy,
    now: cause.now,
    refundId: cause.refundId,
  });
  return cause.refundId ? [owed, ...settleRefundStatements(db, cause.refundId, cause.now)] : [owed];
}

/** After the batch: carries out the VIP refunds still owed on these orders (retried later if it fails now). */
export async function settleVipRefunds(env: Env, orderIds: readonly string[], now: Date): Promise<void> {
  await settleRefunds(env, await owedRefundIds(env, { orderIds }), now);
}

/**
 * Ends the VIP places matching `places` (a condition on `queue_entries`, its columns written with `col()`) that
 * `event` ends with `outcome` (`vipPlaceEndingSql`), as the table says, for one batch: the state change first
 * (returning the places it ended), then `vipRefundStatements` over the orders of exactly those places (ended at this
 * instant), so a second or concurrent run ends and refunds nothing more.
 */
export function endVipPlaces(
  db: Db,
  event: VipPlaceEvent,
  outcome: HeldVipPlaceOutcome,
  input: { places: SQL; createdBy: string | null; now: Date; refundId?: string },
) {
  const endsAs = VIP_PLACE_OUTCOMES[outcome].endsAs;
  const vip = sql`${input.places} AND ${col(queueEntries.lane)} = 'vip'`;
  const change = db
    .update(queueEntries)
    .set({ state: endsAs, finishedAt: input.now, updatedAt: input.now })
    .where(and(input.places, vipPlaceEndingSql(event, outcome)))
    .returning({ id: queueEntries.id, userId: queueEntries.userId, orderId: queueEntries.orderId });
  const endedNow = sql`${vip} AND ${col(queueEntries.state)} = ${endsAs} AND ${col(queueEntries.finishedAt)} = ${input.now.getTime()}`;
  const refund = vipRefundStatements(db, outcome, {
    orders: sql`${col(orders.id)} IN (SELECT ${col(queueEntries.orderId)} FROM ${queueEntries} WHERE ${endedNow})`,
    createdBy: input.createdBy,
    now: input.now,
    refundId: input.refundId,
  });
  return { change, refund, endedNow };
}
