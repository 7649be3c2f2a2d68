import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { deliverMessages } from "~/features/messages/index.server";
import {
  settleRefunds,
  unacceptedPaymentRefundStatement,
  walletRefundStatements,
} from "~/features/wallet/index.server";
import { notFound } from "~/lib/errors";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { type Db, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { outboxStatement } from "~/platform/outbox.server";
import {
  CHECKOUT_SESSION_LIFETIME_MS,
  type CheckoutSessionSnapshot,
  payments,
} from "~/platform/stripe/payments.server";
import { bookings, orders, refunds } from "~db/schema";
import { fulfilmentStep } from "./registry.server";
import type { FulfilmentStep, PayableOrder } from "./steps";

/**
 * Exactly-once fulfilment of a card checkout (docs/decisions/011-seat-holds-fulfilment-and-stripe-stand-in.md). Three doors reach `fulfilCheckout`: the
 * webhook (POST /api/stripe), the success redirect (POST /api/update/order/sucess/:sessionId) and the success
 * page's loader. All may fire, in any order, any number of times. What makes it once:
 * - the order's change to `paid` is ONE conditional UPDATE (`WHERE status IN ('pending_payment',
 *   'cancelled') AND <what was bought is taken>`) in the same batch as taking it, and only the door whose
 *   UPDATE returned the row sends the confirmation;
 * - a late payment (the hold expired and the seat is gone) is paid and refunded in full to the wallet in one
 *   batch through the one refund path, guarded so that it applies only to an order whose item was lost;
 * - webhook events are recorded by their id (UNIQUE) in webhook.server.ts;
 * - a session that charged another amount or currency than its order fulfils nothing: what it charged is owed back
 *   to the card, once (`refundMismatchedPayment`).
 */
export type FulfilOutcome = "fulfilled" | "refunded" | "already" | "unpaid" | "mismatch";

const OPEN_STATUSES = ["pending_payment", "cancelled"] as const;

const payableColumns = {
  id: orders.id,
  userId: orders.userId,
  kind: orders.kind,
  status: orders.status,
  amountMinor: orders.amountMinor,
  currency: orders.currency,
  streamerId: orders.streamerId,
  slotId: orders.slotId,
  liveSessionId: orders.liveSessionId,
  checkoutSessionId: orders.checkoutSessionId,
};

export async function orderBySession(db: Db, sessionId: string): Promise<PayableOrder | null> {
  const [order] = await db.select(payableColumns).from(orders).where(eq(orders.checkoutSessionId, sessionId)).limit(1);
  return order ?? null;
}

/**
 * The order a Checkout session pays for: by its stored session id, else by the order id the session carries
 * (`client_reference_id` and metadata, set when it was created), so a payment is never orphaned when storing the
 * session id failed; the session id is then stored on the order (only if it had none).
 */
export async function orderForSession(
  db: Db,
  sessionId: string,
  carriedOrderId: string | null | undefined,
): Promise<PayableOrder | null> {
  const stored = await orderBySession(db, sessionId);
  if (stored || !carriedOrderId) return stored;
  await db
    .update(orders)
    .set({ checkoutSessionId: sessionId, updatedAt: new Date() })
    .where(and(eq(orders.id, carriedOrderId), isNull(orders.checkoutSessionId), eq(orders.paymentMethod, "card")));
  return orderBySession(db, sessionId);
}

export async function orderById(db: Db, orderId: string): Promise<PayableOrder | null> {
  const [order] = await db.select(payableColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

function stepFor(order: PayableOrder): FulfilmentStep {
  const step = fulfilmentStep(order.kind);
  if (!step) throw new Error(`no fulfilment step for order kind ${order.kind}`);
  return step;
}

function paidUpdate(db: Db, order: PayableOrder, paymentIntentId: string | null, now: Date, condition?: SQL) {
  return db
    .update(orders)
    .set({ status: "paid", paidAt: now, paymentIntentId, updatedAt: now })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...OPEN_STATUSES]), condition))
    .returning({ id: orders.id });
}

/**
 * Fulfils the order of a paid Checkout session. `known` is the session as a verified webhook carried it;
 * without it the session is read from Stripe (the redirect and reload doors never trust the browser).
 */
export async function fulfilCheckout(
  env: Env,
  sessionId: string,
  known?: CheckoutSessionSnapshot,
): Promise<{ outcome: FulfilOutcome; order: PayableOrder; repeat?: true }> {
  const db = getDb(env);
  let order = await orderForSession(db, sessionId, known?.orderId);
  let session: CheckoutSessionSnapshot | null = known ?? null;
  if (!order && !session) {
    session = await payments(env).retrieveCheckoutSession(sessionId);
    order = await orderForSession(db, sessionId, session?.orderId);
  }
  if (!order) {
    // A paid session whose order cannot be found: nothing is delivered; staff are told through the logs.
    if (session?.paymentStatus === "paid") {
      log.error("payment.orphaned", { sessionId, orderId: session.orderId });
    }
    throw notFound("Order not found");
  }
  if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) return { outcome: "already", order };
  session ??= await payments(env).retrieveCheckoutSession(sessionId);
  if (session?.paymentStatus !== "paid") return { outcome: "unpaid", order };
  if (session.amountTotal !== order.amountMinor || session.currency !== order.currency) {
    // A signed event is still checked against the order: a session that charged another amount or currency than
    // the order fulfils nothing. The order is cancelled (its hold released) and what was charged is owed back to
    // the card (once, ever), carried out at once and retried like any owed refund.
    log.error("payment.mismatch", {
      orderId: order.id,
      sessionId,
      charged: { amountMinor: session.amountTotal, currency: session.currency },
      expected: { amountMinor: order.amountMinor, currency: order.currency },
    });
    const first = await refundMismatchedPayment(env, order, session);
    return { outcome: "mismatch", order: (await orderById(db, order.id)) ?? order, ...(first ? {} : { repeat: true }) };
  }
  const step = stepFor(order);
  const now = new Date();

  // Every batch below changes seats left on public pages: each bumps the catalogue version (docs/decisions/012).
  const take = step.take(db, order, now);
  const paid = paidUpdate(db, order, session.paymentIntentId, now, step.taken(order));
  const after = step.afterPaid?.(db, order, now) ?? [];
  const isPaid = sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${order.id} AND o.status = 'paid')`;
  const confirmations = step.confirmedMessages?.(order) ?? [];
  const results = await db.batch([
    ...take,
    paid,
    ...after,
    ...confirmations.map(({ when, ...entry }) =>
      outboxStatement(db, entry, { now, when: when ? sql`${isPaid} AND ${when}` : isPaid }),
    ),
    availabilityChangedStatement(db) as BatchItem<"sqlite">,
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((results[take.length] as unknown[]).length === 1) {
    await deliverMessages(
      env,
      confirmations.map((entry) => entry.key),
      now,
    );
    await step.confirmed?.(env, order);
    return { outcome: "fulfilled", order: { ...order, status: "paid" } };
  }

  const fresh = await orderById(db, order.id);
  if (!fresh || !(OPEN_STATUSES as readonly string[]).includes(fresh.status)) {
    return { outcome: "already", order: fresh ?? order };
  }
  if (!step.lose || !step.lost) throw new Error(`order ${order.id} (${order.kind}) could not be fulfilled`);
  // Late payment: the hold expired and what it held is gone. Keep nothing: paid, then refunded in full.
  const lose = step.lose(db, order, now);
  const latePaid = paidUpdate(db, order, session.paymentIntentId, now);
  const refund =
    order.amountMinor <= 0
      ? []
      : step.refundLate
        ? step.refundLate(db, order, now)
        : walletRefundStatements(db, {
            orderId: order.id,
            userId: order.userId,
            amountMinor: order.amountMinor,
            currency: order.currency,
            reason: "Payment arrived after the hold expired and the seat was taken",
            guard: step.lost(order),
          });
  const lateMessages = step.refundedLateMessages?.(order) ?? [];
  const isRefunded = sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${order.id} AND o.status = 'refunded')`;
  const late = await db.batch([
    ...lose,
    latePaid,
    ...refund,
    ...lateMessages.map((entry) => outboxStatement(db, entry, { now, when: isRefunded })),
    availabilityChangedStatement(db) as BatchItem<"sqlite">,
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((late[lose.length] as unknown[]).length === 1) {
    await deliverMessages(
      env,
      lateMessages.map((entry) => entry.key),
      now,
    );
    await step.refundedLate?.(env, order);
    return { outcome: "refunded", order: { ...order, status: "refunded" } };
  }
  return { outcome: "already", order: (await orderById(db, order.id)) ?? order };
}

/**
 * A paid session that charged another amount or currency than its order: ONE batch cancels the order (releasing its
 * hold, as a cancelled checkout does), records the session's payment intent on it and owes what was charged back to
 * the card (`unacceptedPaymentRefundStatement`: once per order, so replays and concurrent doors owe nothing more).
 * Only the door whose batch owed it (or, with nothing charged, cancelled the order) carries the refund out at once;
 * a concurrent or later door (a replayed event, the success page reloaded) leaves it to its retries and their backoff,
 * so replays spend no attempts (the probe's leftover). Then the session is expired so it can take nothing more
 * (Stripe refuses to expire a session that is already complete; that answer is expected and ignored). True when this
 * door was the first.
 */
async function refundMismatchedPayment(
  env: Env,
  order: PayableOrder,
  session: CheckoutSessionSnapshot,
): Promise<boolean> {
  const db = getDb(env);
  const step = stepFor(order);
  const now = new Date();
  const charged = session.amountTotal ?? 0;
  const cancel = db
    .update(orders)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment")))
    .returning({ id: orders.id });
  const owed =
    charged > 0 && session.currency
      ? [
          db
            .update(orders)
            .set({ paymentIntentId: session.paymentIntentId })
            .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId))),
          unacceptedPaymentRefundStatement(db, {
            orderId: order.id,
            amountMinor: charged,
            currency: session.currency,
            reason: "The payment did not match its order (amount or currency): refunded to the card as charged",
            now,
          }).returning({ id: refunds.id }),
        ]
      : [];
  const results = await db.batch([
    cancel,
    ...step.release(db, order, now),
    ...owed,
    availabilityChangedStatement(db),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const cancelled = (results[0] as unknown[]).length === 1;
  const owedNow = owed.length > 0 ? (results[results.length - 2] as { id: string }[]) : [];
  if (cancelled) await step.released?.(env, order, now);
  const first = owed.length > 0 ? owedNow.length === 1 : cancelled;
  if (!first) return false;
  await settleRefunds(
    env,
    owedNow.map((row) => row.id),
    now,
  );
  try {
    await payments(env).expireCheckoutSession(session.id);
  } catch (error) {
    log.warn("payment.mismatch_expire_failed", { orderId: order.id, sessionId: session.id, error });
  }
  return true;
}

/** Releases what an unpaid order holds (checkout cancelled or expired). Idempotent. */
export async function releaseOrder(env: Env, order: PayableOrder): Promise<boolean> {
  const db = getDb(env);
  const step = stepFor(order);
  const now = new Date();
  const cancel = db
    .update(orders)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment")))
    .returning({ id: orders.id });
  const [cancelled] = await db.batch([cancel, ...step.release(db, order, now), availabilityChangedStatement(db)]);
  const released = (cancelled as unknown[]).length === 1;
  if (released) await step.released?.(env, order, now);
  return released;
}

/**
 * Ends a checkout that will not be paid here (cancel URL, hold expired): the session is expired through
 * Stripe first so it cannot be paid afterwards; if Stripe says it was already paid, the order is fulfilled
 * instead (it is a late payment, which fulfilment handles).
 */
export async function endCheckout(env: Env, order: PayableOrder): Promise<FulfilOutcome | "released"> {
  if (order.checkoutSessionId) {
    const provider = payments(env);
    const expired = await provider.expireCheckoutSession(order.checkoutSessionId);
    if (!expired) {
      const session = await provider.retrieveCheckoutSession(order.checkoutSessionId);
      if (session?.paymentStatus === "paid") {
        const outcome = (await fulfilCheckout(env, session.id, session)).outcome;
        if (outcome !== "mismatch") return outcome;
      }
    }
  }
  await releaseOrder(env, order);
  return "released";
}

/**
 * Ends the checkouts of these orders, one by one, when their status is still `status`: each Checkout session is
 * expired (or, if Stripe says it was paid meanwhile, fulfilled: a late payment is refunded). A failure is logged as
 * `failure` and left to the next sweep. Returns how many were ended.
 */
async function endCheckouts(
  env: Env,
  orderIds: readonly string[],
  status: PayableOrder["status"],
  failure: string,
): Promise<number> {
  const db = getDb(env);
  let ended = 0;
  for (const orderId of orderIds) {
    const order = await orderById(db, orderId);
    if (order?.status !== status) continue;
    try {
      await endCheckout(env, order);
      ended++;
    } catch (error) {
      log.error(failure, { orderId, error });
    }
  }
  return ended;
}

/**
 * After a batch that released card holds itself (their orders cancelled, their bookings expired: a slot cancelled
 * by its streamer), their Checkout sessions are expired so they can no longer be paid; a session paid before that
 * is a late payment, refunded in full to the wallet by fulfilment.
 */
export async function endReleasedCheckouts(env: Env, orderIds: readonly string[]): Promise<number> {
  return endCheckouts(env, orderIds, "cancelled", "released_checkout.end_failed");
}

/**
 * Ends checkouts still open for what can no longer be sold (a live session's VIP places once it ended): each Checkout
 * session is expired so it can no longer be paid, and its order cancelled; one paid meanwhile is a late payment,
 * refunded by fulfilment (the step's `refundLate`).
 */
export async function endOpenCheckouts(env: Env, orderIds: readonly string[]): Promise<number> {
  return endCheckouts(env, orderIds, "pending_payment", "open_checkout.end_failed");
}

/**
 * The cron sweeper: holds whose time is up. They already stopped counting at hold_expires_at; this marks
 * them expired, cancels their orders (returning promo uses) and expires their Checkout sessions.
 */
export async function sweepExpiredHolds(env: Env, now = new Date(), limit = 50): Promise<number> {
  const due = await getDb(env)
    .select({ orderId: bookings.orderId })
    .from(bookings)
    .where(and(eq(bookings.status, "held"), sql`${bookings.holdExpiresAt} <= ${now.getTime()}`))
    .limit(limit);
  return endCheckouts(
    env,
    due.map((row) => row.orderId),
    "pending_payment",
    "hold_sweeper.failed",
  );
}

/** A checkout is stale a few minutes after its session can no longer be paid (a margin for the clocks). */
const STALE_CHECKOUT_MS = CHECKOUT_SESSION_LIFETIME_MS + 5 * 60_000;

/**
 * The cron sweeper of card checkouts nothing else ends: a wallet top-up (plain, or earmarked for a pack or a pass,
 * docs/decisions/040) holds nothing, so neither the hold sweeper nor a session's end looks at it, and a lost
 * "expired" (or "completed") webhook would leave it pending for good. Once its session can no longer be paid, each is
 * ended as the webhook would have ended it: paid meanwhile, fulfilled (the wallet credited, an earmarked purchase
 * bought); else released (an earmarked purchase ends cancelled). Through the pending orders' index.
 */
export async function sweepStaleCheckouts(env: Env, now = new Date(), limit = 50): Promise<number> {
  const due = await getDb(env)
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending_payment"),
        eq(orders.kind, "wallet_topup"),
        eq(orders.paymentMethod, "card"),
        sql`${orders.createdAt} <= ${now.getTime() - STALE_CHECKOUT_MS}`,
      ),
    )
    .limit(limit);
  return endCheckouts(
    env,
    due.map((row) => row.id),
    "pending_payment",
    "stale_checkout_sweeper.failed",
  );
}
