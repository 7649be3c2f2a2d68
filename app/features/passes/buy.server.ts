import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { packExpiry } from "~/features/packs";
import { walletBalance, walletDebitStatement } from "~/features/wallet/index.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { getDb, isConstraintViolation } from "~/platform/db.server";
import { passOffers, passPurchases } from "~db/schema";
import { PASSES_COPY } from "./copy";
import { passPurchaseEntryStatement } from "./uses.server";

export type BoughtPass = {
  passId: string;
  amountMinor: number;
  currency: CurrencyCode;
  places: number;
  expiresAt: Date;
};

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
  const [offer] = await db
    .select()
    .from(passOffers)
    .where(and(eq(passOffers.streamerId, streamerId), eq(passOffers.active, true)));
  if (!offer) throw notFound(PASSES_COPY.noOffer);
  if (offer.streamerId === viewer.id) throw forbidden(PASSES_COPY.ownPass);
  const charge = await chargeFor(db, viewer, money(offer.listPriceMinor, offer.currency));
  const passId = newId();
  const expiresAt = packExpiry(now, offer.validDays);
  const _at = now.getTime();
  try {
    await db.batch([
      db.insert(passPurchases).values({
        id: passId,
        offerId: offer.id,
        userId: viewer.id,
        streamerId,
        places: offer.places,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        rateMicros: charge.rateMicros,
        paymentMethod: "wallet",
        status: "paid",
        paidAt: now,
        expiresAt,
        createdAt: now,
        updatedAt: now,
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
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    // Read only after the refusal, to say why.
    if ((await walletBalance(db, viewer.id, charge.currency)) < charge.amountMinor) {
      throw conflict(PASSES_COPY.insufficientBalance);
    }
    throw badRequest(PASSES_COPY.buyFailed);
  }
  return { passId, amountMinor: charge.amountMinor, currency: charge.currency, places: offer.places, expiresAt };
}
