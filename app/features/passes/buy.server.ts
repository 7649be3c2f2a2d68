import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { packExpiry } from "~/features/packs";
import { payPrepaidFromWallet, walletPaidColumns } from "~/features/packs/index.server";
import { walletDebitStatement } from "~/features/wallet/index.server";
import { forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
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
  await payPrepaidFromWallet(db, viewer.id, charge, PASSES_COPY, [
    db.insert(passPurchases).values({
      id: passId,
      offerId: offer.id,
      userId: viewer.id,
      streamerId,
      places: offer.places,
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
  return { passId, amountMinor: charge.amountMinor, currency: charge.currency, places: offer.places, expiresAt };
}
