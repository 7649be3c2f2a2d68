import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { type Charge, chargeFor } from "~/features/currency/index.server";
import type { PayableOrder } from "~/features/payments";
import { openCardCheckout } from "~/features/payments/index.server";
import { saveGamertagStatement } from "~/features/profile/index.server";
import { walletBalance, walletDebitStatement } from "~/features/wallet/index.server";
import { badRequest, conflict } from "~/lib/errors";
import { newId } from "~/lib/id";
import { batchGuard, type Db, getDb, isBatchGuardFailure, isConstraintViolation } from "~/platform/db.server";
import { orders, queueEntries, users } from "~db/schema";
import { LIVE_COPY } from "./copy";
import { savedGamertag, sessionNetworkSql } from "./gamertags.server";
import { assertMayJoin, type QueueChange } from "./queue.server";
import { GAMERTAG_MAX } from "./schema";
import { loadSession, type QueueSessionInfo } from "./snapshot.server";
import { placeStatement } from "./vip-step.server";

/**
 * The VIP place, paid at the session's price through the ONE payment path of bookings (docs/decisions/011): a card pays
 * through `openCardCheckout` and the generic fulfilment (this file's `vipQueueStep` is the vip_queue kind's
 * step), the wallet through a conditional debit in the same batch as the order and the place.
 * The place itself, and the card step, are in vip-step.server.ts.
 */
function vipOrder(
  session: QueueSessionInfo,
  charge: Charge,
  viewer: Viewer,
  orderId: string,
  paid: boolean,
  gamertag: string,
  now: Date,
) {
  return {
    gamertag,
    id: orderId,
    userId: viewer.id,
    streamerId: session.streamerId,
    kind: "vip_queue" as const,
    status: paid ? ("paid" as const) : ("pending_payment" as const),
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    rateMicros: charge.rateMicros,
    paymentMethod: paid ? ("wallet" as const) : ("card" as const),
    liveSessionId: session.id,
    paidAt: paid ? now : null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The VIP price the live page showed this fan, in their currency (docs/decisions/020). */
function vipCharge(db: Db, viewer: Viewer, session: QueueSessionInfo): Promise<Charge> {
  return chargeFor(db, viewer, { amountMinor: session.priceMinor, currency: session.currency });
}

/**
 * The gamer tag a VIP place is bought with, required before paying: the one the fan gave, else (the API may omit it)
 * their saved tag for the session's platform; refused when there is neither.
 */
async function vipGamertag(db: Db, viewer: Viewer, liveSessionId: string, given: string | null): Promise<string> {
  const typed = given?.trim();
  if (typed) {
    if (typed.length > GAMERTAG_MAX) throw badRequest(LIVE_COPY.gamertagTooLong, "gamertag");
    return typed;
  }
  const saved = await savedGamertag(db, viewer.id, liveSessionId);
  if (!saved) throw badRequest(LIVE_COPY.gamertagRequired, "gamertag");
  return saved;
}

/** The statement saving a tag the fan gave back to their tags, under the session's network (one batch's part). */
export function saveBackStatement(db: Db, viewer: Viewer, liveSessionId: string, gamertag: string, now: Date) {
  return saveGamertagStatement(db, {
    id: newId(),
    userId: viewer.id,
    tag: gamertag,
    network: sessionNetworkSql(liveSessionId),
    at: now.getTime(),
  });
}

async function assertCanBuy(db: Db, viewer: Viewer, liveSessionId: string) {
  const session = await loadSession(db, liveSessionId);
  assertMayJoin(viewer, session);
  const [active] = await db
    .select({ id: queueEntries.id })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        eq(queueEntries.userId, viewer.id),
        sql`${queueEntries.state} IN ('waiting', 'playing_next', 'in_game')`,
      ),
    )
    .limit(1);
  if (active) throw conflict(LIVE_COPY.alreadyQueued);
  return session;
}

/**
 * What every way of taking a VIP place checks first, whatever pays for it (a card, the wallet, a VIP pass): the fan
 * may join the session and holds no place there, and their gamer tag. Returns the session and the tag.
 */
export async function vipPlaceAsked(db: Db, viewer: Viewer, liveSessionId: string, gamertag: string | null) {
  const session = await assertCanBuy(db, viewer, liveSessionId);
  return { session, tag: await vipGamertag(db, viewer, liveSessionId, gamertag) };
}

/** Card: the pending order, then its Stripe Checkout session; the place is taken when the payment is fulfilled. */
export async function startVipCheckout(
  env: Env,
  viewer: Viewer,
  place: { liveSessionId: string; gamertag?: string | null },
  origin: string,
  now = new Date(),
): Promise<{ orderId: string; url: string; sessionId: string }> {
  const { liveSessionId, gamertag = null } = place;
  const db = getDb(env);
  const { session, tag } = await vipPlaceAsked(db, viewer, liveSessionId, gamertag);
  const charge = await vipCharge(db, viewer, session);
  const orderId = newId();
  await db.batch([
    db.insert(orders).values(vipOrder(session, charge, viewer, orderId, false, tag, now)),
    saveBackStatement(db, viewer, liveSessionId, tag, now),
  ]);
  const order: PayableOrder = {
    id: orderId,
    userId: viewer.id,
    kind: "vip_queue",
    status: "pending_payment",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    streamerId: session.streamerId,
    slotId: null,
    liveSessionId,
    checkoutSessionId: null,
  };
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  const checkout = await openCardCheckout(env, order, {
    name: `VIP place: ${session.title}`,
    customerEmail: buyer?.email ?? null,
    origin,
  });
  return { orderId, url: checkout.url, sessionId: checkout.sessionId };
}

/**
 * Wallet: one batch of the paid order, the debit (only while the balance covers it), the place (only after the
 * debit) and a guard that fails the whole batch when no place was inserted, so a refused fan leaves no trace.
 * Runs inside the session's Durable Object (a queue mutation like any other).
 */
export async function joinVipWithWallet(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  gamertag: string | null = null,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const { session, tag } = await vipPlaceAsked(db, viewer, liveSessionId, gamertag);
  const charge = await vipCharge(db, viewer, session);
  const orderId = newId();
  const at = now.getTime();
  const amount = charge.amountMinor;
  const statements: BatchItem<"sqlite">[] = [
    db.insert(orders).values(vipOrder(session, charge, viewer, orderId, true, tag, now)),
    walletDebitStatement(db, {
      userId: viewer.id,
      amountMinor: amount,
      currency: charge.currency,
      orderId,
      note: "VIP queue place",
      now,
    }),
    placeStatement(db, { id: orderId, userId: viewer.id, liveSessionId }, at),
    saveBackStatement(db, viewer, liveSessionId, tag, now),
    // No place (no balance, session ended, already queued): the guard fails the whole batch.
    batchGuard(
      db,
      sql`EXISTS (SELECT 1 FROM queue_entries q WHERE q.order_id = ${orderId})
        AND EXISTS (SELECT 1 FROM wallet_entries w WHERE w.order_id = ${orderId} AND w.kind = 'purchase')`,
    ),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isConstraintViolation(error) && !isBatchGuardFailure(error)) throw error;
    const fresh = await loadSession(db, liveSessionId);
    if (fresh.endedAt) throw conflict(LIVE_COPY.sessionEnded);
    if ((await walletBalance(db, viewer.id, charge.currency)) < amount) throw conflict(LIVE_COPY.insufficientBalance);
    throw conflict(LIVE_COPY.alreadyQueued);
  }
  return { liveSessionId, notices: [] };
}
