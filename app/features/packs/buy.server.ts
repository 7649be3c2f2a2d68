import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { type Charge, chargeFor } from "~/features/currency/index.server";
import { startEarmarkedTopup } from "~/features/payments/index.server";
import { walletBalance, walletDebitStatement } from "~/features/wallet/index.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { type Db, getDb, isConstraintViolation } from "~/platform/db.server";
import { appOrigin } from "~/platform/env.server";
import { gigs, packOffers, packPurchases } from "~db/schema";
import { cardPendingColumns, prepaidFeeColumns } from "./card.server";
import { PACKS_COPY } from "./copy";
import { purchaseEntryStatement } from "./credits.server";
import { packExpiry } from "./rules";
import type { BuyPackDraft } from "./schema";

export type BoughtPack = {
  packId: string;
  /** Paid from the wallet at once; by card, pending until the Checkout session at `checkoutUrl` is paid (ADR 040). */
  status: "paid" | "pending_payment";
  amountMinor: number;
  currency: CurrencyCode;
  sessions: number;
  expiresAt: Date;
  checkoutUrl?: string;
};

async function offerOfGig(db: Db, gigId: string) {
  const [offer] = await db
    .select({
      id: packOffers.id,
      gigId: packOffers.gigId,
      streamerId: packOffers.streamerId,
      sessions: packOffers.sessions,
      listPriceMinor: packOffers.listPriceMinor,
      currency: packOffers.currency,
      validDays: packOffers.validDays,
      title: gigs.title,
    })
    .from(packOffers)
    .innerJoin(gigs, eq(gigs.id, packOffers.gigId))
    .where(and(eq(packOffers.gigId, gigId), eq(packOffers.active, true), isNull(gigs.archivedAt)));
  if (!offer) throw notFound(PACKS_COPY.noOffer);
  return offer;
}

/** The columns of something bought in advance (a session pack, a VIP pass) and paid from the wallet now. */
export function walletPaidColumns(charge: Charge, now: Date, expiresAt: Date) {
  return {
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    rateMicros: charge.rateMicros,
    paymentMethod: "wallet" as const,
    status: "paid" as const,
    paidAt: now,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Runs the ONE batch that buys something in advance from the wallet (a session pack, a VIP pass: the purchase, the
 * conditional wallet debit, the purchase entry that needs it); when the database refuses it, says why, reading the
 * balance only then: too low (409), else the purchase failed (400).
 */
export async function payPrepaidFromWallet(
  db: Db,
  userId: string,
  charge: Charge,
  copy: { insufficientBalance: string; buyFailed: string },
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
) {
  try {
    await db.batch(statements);
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    if ((await walletBalance(db, userId, charge.currency)) < charge.amountMinor)
      throw conflict(copy.insufficientBalance);
    throw badRequest(copy.buyFailed);
  }
}

/**
 * What a fan buying a gig's pack is charged and its purchase's columns however they pay: the gig's pack on offer (not
 * their own), its price in their currency as the gig page showed it (`chargeFor`, docs/decisions/020), the platform
 * fee's rates of today, and when it runs out.
 */
async function packQuote(db: Db, viewer: Viewer, gigId: string, now: Date) {
  const offer = await offerOfGig(db, gigId);
  if (offer.streamerId === viewer.id) throw forbidden(PACKS_COPY.ownPack);
  const [charge, fees] = await Promise.all([
    chargeFor(db, viewer, money(offer.listPriceMinor, offer.currency)),
    prepaidFeeColumns(db, offer.streamerId),
  ]);
  const packId = newId();
  const expiresAt = packExpiry(now, offer.validDays);
  const columns = {
    id: packId,
    offerId: offer.id,
    userId: viewer.id,
    streamerId: offer.streamerId,
    gigId,
    sessions: offer.sessions,
    ...fees,
  };
  return { offer, charge, packId, expiresAt, columns };
}

/**
 * A fan buys a gig's session pack. From the wallet it is ONE batch: the pack (paid), the wallet debit (only while the
 * balance covers it) and the purchase entry of its credits, whose value is NULL without the debit so the batch fails
 * whole (nothing is written for a refused buyer). The price is the one the gig page showed them, in their currency
 * (`chargeFor`, docs/decisions/020).
 */
async function buyPackWithWallet(env: Env, viewer: Viewer, gigId: string, now = new Date()): Promise<BoughtPack> {
  const db = getDb(env);
  const { offer, charge, packId, expiresAt, columns } = await packQuote(db, viewer, gigId, now);
  await payPrepaidFromWallet(db, viewer.id, charge, PACKS_COPY, [
    db.insert(packPurchases).values({ ...columns, ...walletPaidColumns(charge, now, expiresAt) }),
    walletDebitStatement(db, {
      for: { packId },
      userId: viewer.id,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      note: "Session pack",
      now,
    }),
    purchaseEntryStatement(db, packId, now, { requireWalletDebit: true }),
  ]);
  return {
    packId,
    status: "paid",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    sessions: offer.sessions,
    expiresAt,
  };
}

/**
 * A fan starts buying a gig's pack by card (docs/decisions/040): the pack is written `pending_payment`, naming the
 * card top-up order of its price that will pay it, in one batch with that order, and its Checkout session opens. The
 * pack is bought when the payment comes (fulfilment: `packCardEarmark`), at the price and terms shown now.
 */
async function buyPackByCard(env: Env, viewer: Viewer, gigId: string, origin: string, now: Date): Promise<BoughtPack> {
  const db = getDb(env);
  const { offer, charge, packId, expiresAt, columns } = await packQuote(db, viewer, gigId, now);
  const checkout = await startEarmarkedTopup(
    env,
    viewer,
    { charge, name: `Session pack: ${offer.title} (${offer.sessions} sessions)`, origin },
    (tx, orderId) =>
      tx.insert(packPurchases).values({ ...columns, ...cardPendingColumns(charge, now, expiresAt, orderId) }),
  );
  return {
    packId,
    status: "pending_payment",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    sessions: offer.sessions,
    expiresAt,
    checkoutUrl: checkout.url,
  };
}

/** A fan buys a gig's pack the way they chose: from the wallet at once, or by card through Checkout (ADR 040). */
export async function buyPack(
  env: Env,
  viewer: Viewer,
  gigId: string,
  draft: BuyPackDraft,
  options: { origin?: string; now?: Date } = {},
): Promise<BoughtPack> {
  const now = options.now ?? new Date();
  if (draft.paymentMethod === "card") return buyPackByCard(env, viewer, gigId, options.origin ?? appOrigin(env), now);
  return buyPackWithWallet(env, viewer, gigId, now);
}
