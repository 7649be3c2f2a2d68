import { and, eq, isNull, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { walletBalance } from "~/features/wallet/index.server";
import { badRequest, conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type CurrencyCode, money } from "~/lib/money";
import { type Db, getDb, isConstraintViolation } from "~/platform/db.server";
import { gigs, packOffers, packPurchases, users, walletEntries } from "~db/schema";
import { PACKS_COPY } from "./copy";
import { purchaseEntryStatement } from "./credits.server";
import { packExpiry } from "./rules";
import type { BuyPackDraft } from "./schema";

export type BoughtPack = {
  packId: string;
  status: "paid" | "pending_payment";
  amountMinor: number;
  currency: CurrencyCode;
  sessions: number;
  expiresAt: Date;
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

/** The wallet's `pack_purchase` debit: ONE conditional insert, written only while the balance covers the price. */
function packDebitStatement(
  db: Db,
  input: { packId: string; userId: string; amountMinor: number; currency: CurrencyCode; now: Date },
) {
  return db.insert(walletEntries).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        userId: users.id,
        amountMinor: sql<number>`${-input.amountMinor}`.as("amount_minor"),
        currency: sql<string>`${input.currency}`.as("currency"),
        kind: sql<"pack_purchase">`'pack_purchase'`.as("kind"),
        orderId: sql<string | null>`NULL`.as("order_id"),
        refundId: sql<string | null>`NULL`.as("refund_id"),
        payoutId: sql<string | null>`NULL`.as("payout_id"),
        packId: sql<string>`${input.packId}`.as("pack_id"),
        note: sql<string>`'Session pack'`.as("note"),
        createdBy: sql<string | null>`NULL`.as("created_by"),
        createdAt: sql<Date>`${input.now.getTime()}`.as("created_at"),
      })
      .from(users)
      .where(
        and(
          eq(users.id, input.userId),
          sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w
               WHERE w.user_id = ${input.userId} AND w.currency = ${input.currency}) >= ${input.amountMinor}`,
        ),
      ),
  );
}

/**
 * A fan buys a gig's session pack. From the wallet it is ONE batch: the pack (paid), the wallet debit (only while the
 * balance covers it) and the purchase entry of its credits, whose value is NULL without the debit so the batch fails
 * whole (nothing is written for a refused buyer). The price is the one the gig page showed them, in their currency
 * (`chargeFor`, docs/decisions/020).
 */
async function buyPackWithWallet(env: Env, viewer: Viewer, gigId: string, now = new Date()): Promise<BoughtPack> {
  const db = getDb(env);
  const offer = await offerOfGig(db, gigId);
  if (offer.streamerId === viewer.id) throw forbidden(PACKS_COPY.ownPack);
  const charge = await chargeFor(db, viewer, money(offer.listPriceMinor, offer.currency));
  const packId = newId();
  const expiresAt = packExpiry(now, offer.validDays);
  try {
    await db.batch([
      db.insert(packPurchases).values({
        id: packId,
        offerId: offer.id,
        userId: viewer.id,
        streamerId: offer.streamerId,
        gigId,
        sessions: offer.sessions,
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
      packDebitStatement(db, {
        packId,
        userId: viewer.id,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        now,
      }),
      purchaseEntryStatement(db, packId, now, { requireWalletDebit: true }),
    ]);
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    // Read only after the refusal, to say why.
    if ((await walletBalance(db, viewer.id, charge.currency)) < charge.amountMinor) {
      throw conflict(PACKS_COPY.insufficientBalance);
    }
    throw badRequest(PACKS_COPY.buyFailed);
  }
  return {
    packId,
    status: "paid",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    sessions: offer.sessions,
    expiresAt,
  };
}

/** A fan buys a gig's pack the way they chose (the wallet, for now: ADR 027). */
export async function buyPack(env: Env, viewer: Viewer, gigId: string, _draft: BuyPackDraft, now = new Date()) {
  return buyPackWithWallet(env, viewer, gigId, now);
}
