import { and, asc, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { conflict, notFound } from "~/lib/errors";
import type { CurrencyCode } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { enqueueJobs, retryDelaySeconds } from "~/platform/jobs.server";
import { log } from "~/platform/log.server";
import { outboxSelectStatement } from "~/platform/outbox.server";
import { orders, REFUND_MAX_ATTEMPTS, refunds, users } from "~db/schema";
import { refundToCard } from "./card-refunds.server";
import { settleRefundStatements } from "./ledger.server";
import { REFUND_DONE_TEMPLATE } from "./refund-messages.server";

/**
 * Carrying out owed refunds (docs/decisions/018-owed-refunds-and-the-outbox.md). A refund is owed from the moment
 * its `pending` row is written with the change that makes it owed (ledger.server.ts `owedRefundsStatement`); it is
 * carried out here through the ledger's one path (`settleRefundStatements`; a card refund asks Stripe first,
 * card-refunds.server.ts): right after the change, then by the
 * JOBS queue's consumer with a growing backoff, and by the every-minute cron's sweep of due rows. After
 * REFUND_MAX_ATTEMPTS failures it is `failed`: still owed, shown to the fan and the streamer as pending, and listed
 * for finance staff with a retry button. A fan who was told a refund was under way gets a "refund done" message.
 */
export type Settlement = { settled: string[]; failed: string[] };

async function settleOne(env: Env, refundId: string, now: Date): Promise<boolean | "waiting"> {
  const db = getDb(env);
  const [owed] = await db
    .select({
      status: refunds.status,
      method: refunds.method,
      attempts: refunds.attempts,
      nextAttemptAt: refunds.nextAttemptAt,
    })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (!owed || owed.status === "succeeded") return true;
  // A refund that failed waits out its backoff, whoever asks (a replayed event, a reloaded page): only the queue's
  // retry, the cron's sweep of due rows and a finance retry (which makes it due) try it again.
  if (owed.attempts > 0 && owed.nextAttemptAt && owed.nextAttemptAt.getTime() > now.getTime()) return "waiting";
  // To the card: Stripe first (idempotent on the row's id, so a retry after a failure below never refunds twice).
  const card = owed.method === "card" ? await refundToCard(env, refundId) : undefined;
  const messages = (["email", "notification"] as const).map((channel) =>
    outboxSelectStatement(
      db,
      {
        channel,
        template: REFUND_DONE_TEMPLATE,
        key: sql`'refund-done:' || ${refunds.id} || ${`:${channel}`}`,
        params: sql`json_object('refundId', ${refunds.id})`,
        table: refunds,
        // Only when this batch settled it and the fan had been told it was pending (an earlier attempt failed).
        where: sql`${refunds.id} = ${refundId} AND ${refunds.status} = 'succeeded' AND ${refunds.settledAt} = ${now.getTime()} AND ${refunds.attempts} > 0`,
      },
      now,
    ),
  );
  const [, settled] = await db.batch([...settleRefundStatements(db, refundId, now, card), ...messages]);
  if ((settled as unknown[]).length === 1) {
    await deliverMessages(env, [`refund-done:${refundId}:email`, `refund-done:${refundId}:notification`], now);
    return true;
  }
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.status === "succeeded") return true;
  // Owed, but the order can take no refund (it is not paid any more): nothing moves; staff must look at it.
  throw new Error("the order is not in a refundable state");
}

async function recordFailure(env: Env, refundId: string, error: unknown, now: Date): Promise<number | null> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const db = getDb(env);
  const [row] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      lastError: message,
      status: sql`CASE WHEN ${refunds.attempts} + 1 >= ${REFUND_MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`,
      nextAttemptAt: sql`${now.getTime()} + 1000 * (CASE WHEN ${refunds.attempts} >= 7 THEN 3600 ELSE 30 * (1 << ${refunds.attempts}) END)`,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, ["pending", "failed"])))
    .returning({ attempts: refunds.attempts, status: refunds.status });
  // "failed" is given up on by the queue: finance staff retry it (docs/decisions/018-owed-refunds-and-the-outbox.md).
  log.error("refund.failed", { refundId, error: message, attempts: row?.attempts, status: row?.status ?? "unchanged" });
  if (!row || row.status === "failed") return null;
  return retryDelaySeconds(row.attempts);
}

/**
 * Carries out these owed refunds, each in its own batch (one's failure holds back no other). A failure is recorded on
 * the row and queued for a retry after its backoff. Safe to call any number of times: a refund moves money once.
 */
export async function settleRefunds(env: Env, refundIds: readonly string[], now = new Date()): Promise<Settlement> {
  const result: Settlement = { settled: [], failed: [] };
  let retryAfter = 0;
  for (const refundId of new Set(refundIds)) {
    try {
      const settled = await settleOne(env, refundId, now);
      if (settled === "waiting") continue;
      if (settled) {
        result.settled.push(refundId);
        log.info("refund.settled", { refundId });
      }
    } catch (error) {
      result.failed.push(refundId);
      try {
        const delay = await recordFailure(env, refundId, error, now);
        if (delay !== null) retryAfter = Math.max(retryAfter, delay);
      } catch (recordError) {
        log.error("refund.failure_unrecorded", { refundId, error, recordError });
      }
    }
  }
  if (result.failed.length > 0 && retryAfter > 0) {
    await enqueueJobs(
      env,
      result.failed.map((id) => ({ job: "refund", id })),
      retryAfter,
    );
  }
  return result;
}

/** The refunds owed on these orders right now (the ids a change just wrote), to carry out at once. */
export async function owedRefundIds(env: Env, where: { orderIds?: readonly string[] } = {}): Promise<string[]> {
  if (!where.orderIds || where.orderIds.length === 0) return [];
  const db = getDb(env);
  const ids: string[] = [];
  for (let start = 0; start < where.orderIds.length; start += 80) {
    const rows = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(inArray(refunds.orderId, where.orderIds.slice(start, start + 80)), eq(refunds.status, "pending")));
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The cron's sweep: owed refunds whose next attempt is due (a lost job, a Worker evicted mid-way). */
export async function settleDueRefunds(env: Env, now = new Date(), limit = 50): Promise<Settlement> {
  const due = await getDb(env)
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  return settleRefunds(
    env,
    due.map((row) => row.id),
    now,
  );
}

export type OwedRefundRow = {
  refundId: string;
  orderId: string;
  buyer: string;
  buyerEmail: string | null;
  amountMinor: number;
  currency: CurrencyCode;
  /** Where it goes: the wallet, or the card through Stripe. */
  method: "card" | "wallet";
  reason: string | null;
  status: "pending" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
};

/** Finance staff's list of refunds owed (failed first, then oldest first). */
export async function listOwedRefunds(env: Env, viewer: Viewer | null, limit = 200): Promise<OwedRefundRow[]> {
  assertStaff(viewer, "payouts");
  const rows = await getDb(env)
    .select({
      refundId: refunds.id,
      orderId: refunds.orderId,
      buyer: users.fullName,
      buyerEmail: users.email,
      amountMinor: refunds.amountMinor,
      currency: refunds.currency,
      method: refunds.method,
      reason: refunds.reason,
      status: refunds.status,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      createdAt: refunds.createdAt,
      nextAttemptAt: refunds.nextAttemptAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(ne(refunds.status, "succeeded"))
    .orderBy(desc(sql`${refunds.status} = 'failed'`), asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status === "failed" ? "failed" : "pending" }));
}

/** Finance staff retry an owed refund now (a failed one starts its retries again). */
export async function retryOwedRefund(
  env: Env,
  viewer: Viewer | null,
  refundId: string,
  now = new Date(),
): Promise<{ settled: boolean }> {
  assertStaff(viewer, "payouts");
  const db = getDb(env);
  const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw notFound("Refund not found");
  if (row.status === "succeeded") throw conflict("This refund was already carried out");
  await db
    .update(refunds)
    .set({ status: "pending", nextAttemptAt: now, updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "failed")));
  const { settled } = await settleRefunds(env, [refundId], now);
  return { settled: settled.includes(refundId) };
}
