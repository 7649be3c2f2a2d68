import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { deliverMessages } from "~/features/messages/index.server";
import { creditsOnGig, creditUsedSql, creditUseStatements, PACKS_COPY } from "~/features/packs/index.server";
import type { PayableOrder } from "~/features/payments";
import { openCardCheckout } from "~/features/payments/index.server";
import { type PromoQuote, PromoRefusal, quotePromo, redemptionStatement } from "~/features/promo/index.server";
import { HOLD_MINUTES, oneHoldInDemandSql, seatsTakenSql } from "~/features/seats";
import { type BookableSlot, getSlot, holdsCheckoutInDemand, slotInHighDemand } from "~/features/seats/index.server";
import { acceptPlaceStatement, offerFreedSeats } from "~/features/waitlist/index.server";
import { walletBalance, walletDebitStatement } from "~/features/wallet/index.server";
import { badRequest, conflict, forbidden } from "~/lib/errors";
import { newId } from "~/lib/id";
import type { CurrencyCode } from "~/lib/money";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { type Db, getDb, isConstraintViolation } from "~/platform/db.server";
import { outboxStatement } from "~/platform/outbox.server";
import { assertHuman } from "~/platform/turnstile/turnstile.server";
import { bookingGamertags, bookings, orders, slots, users } from "~db/schema";
import { bookingConfirmedMessages } from "./confirmation.server";
import { BOOKING_COPY } from "./copy";
import type { PurchaseDraft } from "./schema";

/**
 * Buying seats in a slot (the gig page's booking form, POST /api/book-slot/create-order,
 * /api/create-checkout-session and /api/create/order). Whatever the payment, the order, the promo redemption,
 * the wallet debit, the booking and its gamer tags are ONE batch whose every step is conditional on the one
 * before (db/schema/slots.ts, wallet.ts, promo.ts):
 *   1. the order (pending_payment for a card, paid for the wallet or a free order);
 *   2. the redemption, inserted only while the code is usable;
 *   3. the wallet debit, inserted only while the balance covers the amount;
 *   4. the booking, inserted only while the seats fit and steps 2-3 happened;
 *   5. the gamer tags, plain inserts whose foreign key to the booking fails the WHOLE batch when step 4
 *      inserted nothing, so a refused buyer leaves no trace (and never gets a Checkout session).
 *   6. the buyer's live waitlist place on the slot, if any, turned `accepted` (only if step 4 inserted the booking):
 *      seats a waitlist offer held for them count as free for them in step 4's check (booking/seats.ts).
 * A slot in high demand (seats/demand.ts, docs/decisions/033) needs the bot check before anything is written, and a
 * card hold of it is inserted only while the buyer holds no other checkout of it (step 4's WHERE), so concurrent
 * holds of one account give one.
 * A card order then opens its Checkout session; wallet and free orders are confirmed at once.
 */
export type PlacedOrder = {
  orderId: string;
  bookingId: string;
  status: "paid" | "pending_payment";
  amountMinor: number;
  discountMinor: number;
  currency: CurrencyCode;
  checkoutUrl: string | null;
  sessionId: string | null;
};

type Mode = "hold" | "wallet" | "free" | "credit";

/** The seats fit: every other taker (bookings, holds, other fans' waitlist offers) plus these (booking/seats.ts). */
function seatCheck(slotId: string, seats: number, now: number, userId: string) {
  return sql`${seatsTakenSql(sql`${slotId}`, now, undefined, userId)} + ${seats}
    <= (SELECT s.seats FROM slots s WHERE s.id = ${slotId} AND s.status = 'open' AND s.starts_at > ${now})`;
}

function purchaseStatements(
  db: Db,
  input: {
    mode: Mode;
    orderId: string;
    bookingId: string;
    userId: string;
    slot: BookableSlot;
    seats: number;
    gamerTags: string[];
    priceMinor: number;
    currency: CurrencyCode;
    rateMicros: number;
    promo: PromoQuote | null;
    /** The pack whose credit pays (mode "credit"). */
    packId?: string | null;
    now: Date;
  },
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const { mode, orderId, bookingId, userId, slot, seats, promo, currency, rateMicros, now } = input;
  const at = now.getTime();
  const amount = promo ? promo.amountMinor : input.priceMinor;
  const paid = mode !== "hold";
  // A pack credit pays: the order (its amount the credit's value) and the credit's use are the pack's statements.
  const creditStatements =
    mode === "credit" && input.packId && slot.gigId
      ? creditUseStatements(db, {
          packId: input.packId,
          orderId,
          userId,
          streamerId: slot.streamerId,
          gigId: slot.gigId,
          slotId: slot.id,
          now,
        })
      : null;
  const statements: BatchItem<"sqlite">[] = creditStatements
    ? [...creditStatements]
    : [
        db.insert(orders).values({
          id: orderId,
          userId,
          streamerId: slot.streamerId,
          kind: "slot_booking",
          status: paid ? "paid" : "pending_payment",
          amountMinor: amount,
          currency,
          rateMicros,
          discountMinor: promo?.discountMinor ?? 0,
          promoCodeId: promo?.promoCodeId ?? null,
          paymentMethod: mode === "hold" ? "card" : "wallet",
          slotId: slot.id,
          paidAt: paid ? now : null,
          createdAt: now,
          updatedAt: now,
        }),
      ];
  const chain: SQL[] = creditStatements ? [creditUsedSql(orderId)] : [];
  if (promo) {
    statements.push(
      redemptionStatement(db, {
        promoCodeId: promo.promoCodeId,
        userId,
        orderId,
        streamerId: slot.streamerId,
        discountMinor: promo.discountMinor,
        now,
      }),
    );
    chain.push(sql`EXISTS (SELECT 1 FROM promo_redemptions r WHERE r.order_id = ${orderId})`);
  }
  if (mode === "wallet") {
    statements.push(
      walletDebitStatement(db, { userId, amountMinor: amount, currency, orderId, note: "Slot booking", now }),
    );
    chain.push(sql`EXISTS (SELECT 1 FROM wallet_entries w WHERE w.order_id = ${orderId} AND w.kind = 'purchase')`);
  }
  const status = paid ? "confirmed" : "held";
  const holdExpiresAt = paid ? null : at + HOLD_MINUTES * 60_000;
  statements.push(
    db.insert(bookings).select(
      db
        .select({
          id: sql<string>`${bookingId}`.as("id"),
          slotId: slots.id,
          userId: sql<string>`${userId}`.as("user_id"),
          orderId: sql<string>`${orderId}`.as("order_id"),
          seats: sql<number>`${seats}`.as("seats"),
          status: sql<"held" | "confirmed">`${status}`.as("status"),
          holdExpiresAt: sql<Date | null>`${holdExpiresAt}`.as("hold_expires_at"),
          confirmedAt: sql<Date | null>`${paid ? at : null}`.as("confirmed_at"),
          cancelledAt: sql<Date | null>`NULL`.as("cancelled_at"),
          inviteSequence: sql<number>`0`.as("invite_sequence"),
          createdAt: sql<Date>`${at}`.as("created_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
        })
        .from(slots)
        .where(
          and(
            eq(slots.id, slot.id),
            seatCheck(slot.id, seats, at, userId),
            ...chain,
            // In high demand, one unpaid checkout per account: decided by this write, not by a read before it.
            ...(mode === "hold" ? [oneHoldInDemandSql(sql`${slot.id}`, userId, at)] : []),
          ),
        ),
    ),
    db
      .insert(bookingGamertags)
      .values(
        input.gamerTags.map((gamertag, position) => ({ id: newId(), bookingId, position, gamertag, createdAt: now })),
      ),
    // The buyer's place in this slot's waitlist (if any) is done: an offer's held seats became this booking.
    acceptPlaceStatement(db, { slotId: slot.id, userId, bookingId, now }),
  );
  return statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}

/** Why a refused batch was refused, for the buyer (read after the failed write, never instead of it). */
async function refusal(
  db: Db,
  input: {
    slotId: string;
    seats: number;
    userId: string;
    amount: number;
    currency: CurrencyCode;
    mode: Mode;
    /** The promo code the order redeemed, if any. */
    promoCode: string | null;
    gigId: string | null;
  },
) {
  const slot = await getSlot(db, input.slotId, new Date(), input.userId);
  if (!slot.bookable) return conflict(BOOKING_COPY.slotNotBookable);
  if (input.mode === "hold" && (await holdsCheckoutInDemand(db, input.slotId, input.userId))) {
    return conflict(BOOKING_COPY.oneHoldInDemand);
  }
  if (slot.seatsLeft < input.seats) return conflict(BOOKING_COPY.notEnoughSeats);
  if (input.mode === "credit" && input.gigId) {
    const { credits } = await creditsOnGig(db, input.userId, input.gigId, new Date());
    if (credits < 1) return conflict(PACKS_COPY.noCredit);
  }
  if (input.mode === "wallet" && (await walletBalance(db, input.userId, input.currency)) < input.amount) {
    return conflict(BOOKING_COPY.insufficientBalance);
  }
  // The redemption's own re-check refused: the code's last use went to another buyer in the meantime.
  if (input.promoCode) return new PromoRefusal("used_up", input.promoCode);
  return badRequest(BOOKING_COPY.orderFailed);
}

/** The pack whose credit pays this booking: one seat, no promo code, a credit left on the slot's gig. */
async function creditToUse(
  db: Db,
  viewer: Viewer,
  slot: BookableSlot,
  draft: PurchaseDraft,
  now: Date,
): Promise<{ packId: string }> {
  if (draft.numberOfPlayers !== 1) throw badRequest(PACKS_COPY.creditOneSeat, "numberOfPlayers");
  if (draft.promoCode) throw badRequest(PACKS_COPY.creditNoPromo, "promoCode");
  const { packId } = slot.gigId ? await creditsOnGig(db, viewer.id, slot.gigId, now) : { packId: null };
  if (!packId) throw conflict(PACKS_COPY.noCredit, "paymentMethod");
  return { packId };
}

/** What a credit's order was charged (the credit's value, computed in the write). */
async function creditOrderAmount(db: Db, orderId: string) {
  const [row] = await db
    .select({ amountMinor: orders.amountMinor, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * `origin` is the site's (Checkout's return URLs; its hostname is what a bot-check token must name) and `ip` the
 * buyer's address (sent to siteverify).
 */
export async function placeOrder(
  env: Env,
  viewer: Viewer,
  draft: PurchaseDraft,
  origin: string,
  now = new Date(),
  ip = "",
): Promise<PlacedOrder> {
  const db = getDb(env);
  // Seats a waitlist offer holds for this fan count as free for them.
  const [slot, highDemand] = await Promise.all([
    getSlot(db, draft.slotId, now, viewer.id),
    slotInHighDemand(db, draft.slotId, now),
  ]);
  if (slot.streamerId === viewer.id) throw forbidden(BOOKING_COPY.ownSlot);
  // A slot in high demand: the bot check first, before anything is written (docs/decisions/033).
  if (highDemand) {
    await assertHuman(env, draft["cf-turnstile-response"], "book", { hostname: new URL(origin).hostname, ip });
  }
  if (!slot.bookable || slot.priceMinor === null) throw conflict(BOOKING_COPY.slotNotBookable);
  if (draft.numberOfPlayers > slot.seatsLeft) throw conflict(BOOKING_COPY.notEnoughSeats);
  if (draft.multipleGamerTags.length !== draft.numberOfPlayers) throw badRequest(BOOKING_COPY.gamerTagsCount);
  // The price per seat the gig page showed this buyer, in their currency (docs/decisions/020).
  const charge = await chargeFor(db, viewer, { amountMinor: slot.priceMinor, currency: slot.currency ?? "USD" });
  const { currency, rateMicros } = charge;
  const priceMinor = charge.amountMinor * draft.numberOfPlayers;
  const promo = draft.promoCode
    ? await quotePromo(db, {
        code: draft.promoCode,
        userId: viewer.id,
        streamerId: slot.streamerId,
        priceMinor,
        currency,
        now,
      })
    : null;
  // A pack credit pays one seat, at the credit's value, without a promo code (docs/decisions/027).
  const credit = draft.paymentMethod === "credit" ? await creditToUse(db, viewer, slot, draft, now) : null;
  const amount = promo ? promo.amountMinor : priceMinor;
  const mode: Mode = credit ? "credit" : amount === 0 ? "free" : draft.paymentMethod === "wallet" ? "wallet" : "hold";
  const orderId = newId();
  const bookingId = newId();
  const statements = purchaseStatements(db, {
    mode,
    orderId,
    bookingId,
    userId: viewer.id,
    slot,
    seats: draft.numberOfPlayers,
    gamerTags: draft.multipleGamerTags,
    priceMinor,
    currency,
    rateMicros,
    promo,
    packId: credit?.packId ?? null,
    now,
  });
  let fromWaitlist = false;
  try {
    // Seats left change on the public gig and star pages (docs/decisions/012 on the edge cache).
    // A wallet order is paid in this batch: its confirmation messages are written with it (the outbox).
    const messages =
      mode === "hold" ? [] : bookingConfirmedMessages(orderId).map((entry) => outboxStatement(db, entry));
    const results = await db.batch([...statements, ...messages, availabilityChangedStatement(db)]);
    fromWaitlist = (results[statements.length - 1] as unknown as unknown[]).length > 0;
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    throw await refusal(db, {
      slotId: slot.id,
      seats: draft.numberOfPlayers,
      userId: viewer.id,
      amount,
      currency,
      mode,
      promoCode: promo?.code ?? null,
      gigId: slot.gigId,
    });
  }
  // The fan booked from the waitlist: seats an offer held beyond what they took go to the next fan in line.
  if (fromWaitlist) await offerFreedSeats(env, slot.id, now);
  const paidWith = credit ? await creditOrderAmount(db, orderId) : null;
  const placed: PlacedOrder = {
    orderId,
    bookingId,
    status: mode === "hold" ? "pending_payment" : "paid",
    amountMinor: paidWith?.amountMinor ?? amount,
    discountMinor: promo?.discountMinor ?? 0,
    currency: paidWith?.currency ?? currency,
    checkoutUrl: null,
    sessionId: null,
  };
  if (mode !== "hold") {
    await deliverMessages(
      env,
      bookingConfirmedMessages(orderId).map((entry) => entry.key),
    );
    return placed;
  }
  const order: PayableOrder = {
    id: orderId,
    userId: viewer.id,
    kind: "slot_booking",
    status: "pending_payment",
    amountMinor: amount,
    currency,
    streamerId: slot.streamerId,
    slotId: slot.id,
    liveSessionId: null,
    checkoutSessionId: null,
  };
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  const seats = `${draft.numberOfPlayers} seat${draft.numberOfPlayers === 1 ? "" : "s"}`;
  const checkout = await openCardCheckout(env, order, {
    name: `${slot.title ?? "Game session"} (${seats})`,
    customerEmail: buyer?.email ?? null,
    origin,
  });
  return { ...placed, checkoutUrl: checkout.url, sessionId: checkout.sessionId };
}
