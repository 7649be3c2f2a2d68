import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { type BuyPackDraft, packExpiry } from "~/features/packs";
import {
  cardPendingColumns,
  payPrepaidFromWallet,
  prepaidFeeColumns,
  walletPaidColumns,
} from "~/features/packs/index.server";
import { startEarmarkedTopup } from "~/features/payments/index.server";
import { walletDebitStatement } from "~/features/wallet/index.server";
import { forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { type Db, getDb } from "~/platform/db.server";
import { appOrigin } from "~/platform/env.server";
import { passOffers, passPurchases } from "~db/schema";
import { PASSES_COPY } from "./copy";
import { passPurchaseEntryStatement } from "./uses.server";

export type BoughtPass = {
  passId: string;
  /** Paid from the wallet at once; by card, pending until the Checkout session at `checkoutUrl` is paid (ADR 040). */
  status: "paid" | "pending_payment";
  amountMinor: number;
  currency: CurrencyCode;
  places: number;
  expiresAt: Date;
  checkoutUrl?: string;
};

/** The streamer's pass on offer, the viewer's price of it (their currency) and its fees, or why not. */
async function passOffer(db: Db, viewer: Viewer, streamerId: string) {
  const [offer] = await db
    .select()
    .from(passOffers)
    .where(and(eq(passOffers.streamerId, streamerId), eq(passOffers.active, true)));
  if (!offer) throw notFound(PASSES_COPY.noOffer);
  if (offer.streamerId === viewer.id) throw forbidden(PASSES_COPY.ownPass);
  const [charge, fees] = await Promise.all([
    chargeFor(db, viewer, money(offer.listPriceMinor, offer.currency)),
    prepaidFeeColumns(db, streamerId),
  ]);
  return { offer, charge, fees };
}

/**
 * A fan buys a streamer's VIP pass from the wallet: ONE batch of the pass (paid), the wallet's `pass_purchase` debit
 * (written only while the balance covers it) and the purchase entry of its places, whose value is NULL without the
 * debit so the batch fails whole (nothing is written for a refused buyer). The price is the one the star page showed
 * them, in their currency (`chargeFor`, docs/decisions/020).
 */
export async function buyPassWithWallet(
  env: Env,
  viewer: Viewer,
  streamerId: string,
  now = new Date(),
): Promise<BoughtPass> {
  const db = getDb(env);
  const { offer, charge, fees } = await passOffer(db, viewer, streamerId);
  const passId = newId();
  const expiresAt = packExpiry(now, offer.validDays);
  await payPrepaidFromWallet(db, viewer.id, charge, PASSES_COPY, [
    db.insert(passPurchases).values({
      id: passId,
      offerId: offer.id,
      userId: viewer.id,
      streamerId,
      places: offer.places,
      ...fees,
      ...walletPaidColumns(charge, now, expiresAt),
    }),
    walletDebitStatement(db, {
      for: { passId },
      userId: viewer.id,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      note: "VIP pass",
      now,
    }),
    passPurchaseEntryStatement(db, passId, now),
  ]);
  return {
    passId,
    status: "paid",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    places: offer.places,
    expiresAt,
  };
}

/**
 * A fan starts buying a streamer's VIP pass by card (docs/decisions/040), as a session pack: the pass written
 * `pending_payment` naming the card top-up order of its price, in one batch with that order, then its Checkout
 * session. It is bought when the payment comes (fulfilment: `passCardEarmark`).
 */
async function buyPassByCard(
  env: Env,
  viewer: Viewer,
  streamerId: string,
  origin: string,
  now: Date,
): Promise<BoughtPass> {
  const db = getDb(env);
  const { offer, charge, fees } = await passOffer(db, viewer, streamerId);
  const passId = newId();
  const expiresAt = packExpiry(now, offer.validDays);
  const checkout = await startEarmarkedTopup(
    env,
    viewer,
    { charge, name: `VIP pass: ${offer.places} VIP place${offer.places === 1 ? "" : "s"}`, origin },
    (tx, orderId) =>
      tx.insert(passPurchases).values({
        id: passId,
        offerId: offer.id,
        userId: viewer.id,
        streamerId,
        places: offer.places,
        ...fees,
        ...cardPendingColumns(charge, now, expiresAt, orderId),
      }),
  );
  return {
    passId,
    status: "pending_payment",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    places: offer.places,
    expiresAt,
    checkoutUrl: checkout.url,
  };
}

/** A fan buys a streamer's VIP pass the way they chose: from the wallet at once, or by card (ADR 040). */
export async function buyPass(
  env: Env,
  viewer: Viewer,
  streamerId: string,
  draft: BuyPackDraft,
  options: { origin?: string; now?: Date } = {},
): Promise<BoughtPass> {
  const now = options.now ?? new Date();
  if (draft.paymentMethod === "card") {
    return buyPassByCard(env, viewer, streamerId, options.origin ?? appOrigin(env), now);
  }
  return buyPassWithWallet(env, viewer, streamerId, now);
}
