import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  owedRefundIds,
  owedRefundsStatement,
  settleRefundStatements,
  settleRefunds,
} from "~/features/wallet/index.server";
import { col, type Db } from "~/platform/db.server";
import { orders, type QueueState, queueEntries } from "~db/schema";

/**
 * How a VIP place ends, and what its fan gets back: the one table of VIP refunds. Every path that ends a VIP place
 * (the streamer serving, removing or ending the session, the fan leaving, a card payment arriving too late) looks its
 * outcome up here and calls `vipRefundStatements`, the one refund entry point.
 *
 * - `endsAs`: the place's state after it (null: the place was never taken);
 * - `refund`: "none", or "full to wallet": what is left of the order's payment, to the fan's wallet (an owed refund
 *   row written in the batch of the change, carried out through the ledger's one path, `settleRefundStatements`).
 */
export const VIP_PLACE_OUTCOMES = {
  /** The streamer marked the fan done: the place was used. */
  served: { endsAs: "done", refund: "none", reason: null },
  /** The fan left the queue: they gave the place up. */
  left: { endsAs: "left", refund: "none", reason: null },
  /** The streamer removed the fan while they waited. */
  removed: { endsAs: "refunded", refund: "full to wallet", reason: "VIP place removed by the streamer" },
  /** The fan was called (playing next or in game) but did not come, and the streamer removed them. */
  no_show: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place removed by the streamer after the fan was called",
  },
  /**
   * The fan was called and missed their ready check (not on the live page, or did not confirm in time; or the
   * streamer skipped them), and the session removes missed VIP places (ready-check.ts).
   */
  missed_ready: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place removed: the fan missed their ready check",
  },
  /** The session ended while the fan was still waiting. */
  session_ended: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place not served before the live session ended",
  },
  /**
   * A card payment arrived when the place could no longer be taken (the session ended, the fan already queued): back
   * to the card it came from (vip-step.server.ts), not through this table's wallet refund.
   */
  late_payment: {
    endsAs: null,
    refund: "full to card",
    reason: "Payment arrived after the VIP place could no longer be taken",
  },
} as const satisfies Record<
  string,
  { endsAs: QueueState | null; refund: "none" | "full to wallet" | "full to card"; reason: string | null }
>;

export type VipPlaceOutcome = keyof typeof VIP_PLACE_OUTCOMES;
/** The outcomes that end a place the fan holds (a late payment never took one). */
export type HeldVipPlaceOutcome = Exclude<VipPlaceOutcome, "late_payment">;

/** True when a VIP place ending with `outcome` is refunded. */
export function isRefunded(outcome: VipPlaceOutcome): boolean {
  return VIP_PLACE_OUTCOMES[outcome].refund !== "none";
}

/** The outcome of the streamer removing a VIP place: a no-show once the fan was called, else a removal. */
export function removalOutcome(state: QueueState): "removed" | "no_show" {
  return state === "waiting" ? "removed" : "no_show";
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
 * Ends the VIP places matching `places` (a condition on `queue_entries`, its columns written with `col()`) that are in
 * one of the `from` states, as the table says for `outcome`, for one batch: the state change first (returning the
 * places it ended), then `vipRefundStatements` over the orders of exactly those places (ended at this instant), so
 * a second or concurrent run ends and refunds nothing more.
 */
export function endVipPlaces(
  db: Db,
  outcome: HeldVipPlaceOutcome,
  input: {
    places: SQL;
    from: readonly QueueState[];
    createdBy: string | null;
    now: Date;
    refundId?: string;
  },
) {
  const endsAs = VIP_PLACE_OUTCOMES[outcome].endsAs;
  const vip = sql`${input.places} AND ${col(queueEntries.lane)} = 'vip'`;
  const change = db
    .update(queueEntries)
    .set({ state: endsAs, finishedAt: input.now, updatedAt: input.now })
    .where(and(vip, inArray(queueEntries.state, [...input.from])))
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
