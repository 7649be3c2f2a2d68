import { and, eq, isNull } from "drizzle-orm";
import { assertManageBusiness, type Viewer } from "~/features/access";
import { badRequest, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import {
  type DisplayCurrency,
  formatMoney,
  type Money,
  minorDigits,
  money,
  priceIn,
  type ViewerPrice,
} from "~/lib/money";
import { markCatalogueChanged } from "~/platform/catalogue-version.server";
import { type Db, getDb, named } from "~/platform/db.server";
import { gigs, packOffers } from "~db/schema";
import type { GigPackView } from "./components/gig-pack";
import { PACKS_COPY } from "./copy";
import { packSaving, savingPercent } from "./rules";
import type { PackOfferDraft } from "./schema";

/** A gig's pack offer as its streamer edits it. */
export type PackOfferForm = {
  gigId: string;
  gigTitle: string;
  single: Money;
  offer: { sessions: number; price: Money; validDays: number; active: boolean } | null;
};

async function ownGig(db: Db, viewer: Viewer, gigId: string) {
  const [gig] = await db
    .select({
      id: gigs.id,
      title: gigs.title,
      streamerId: gigs.streamerId,
      listPriceMinor: gigs.listPriceMinor,
      currency: gigs.baseCurrency,
    })
    .from(gigs)
    .where(and(eq(gigs.id, gigId), isNull(gigs.archivedAt)));
  if (!gig) throw notFound(PACKS_COPY.gigNotFound);
  // Only the gig's streamer (or who may act on their business) sets its pack.
  assertManageBusiness(viewer, gig.streamerId);
  return gig;
}

/** The streamer's pack form of one of their gigs: the single price and the pack on offer, if any. */
export async function packOfferForm(env: Env, viewer: Viewer, gigId: string): Promise<PackOfferForm> {
  const db = getDb(env);
  const gig = await ownGig(db, viewer, gigId);
  const [offer] = await db.select().from(packOffers).where(eq(packOffers.gigId, gigId));
  return {
    gigId,
    gigTitle: gig.title,
    single: money(gig.listPriceMinor, gig.currency),
    offer: offer
      ? {
          sessions: offer.sessions,
          price: money(offer.listPriceMinor, offer.currency),
          validDays: offer.validDays,
          active: offer.active,
        }
      : null,
  };
}

/**
 * Sets (or changes) a gig's pack: N sessions at a price in the streamer's currency, valid for a number of days. A
 * pack never costs more than its sessions one by one. Packs already bought keep what they were bought with (a
 * bought pack snapshots the offer).
 */
export async function setPackOffer(env: Env, viewer: Viewer, gigId: string, draft: PackOfferDraft): Promise<void> {
  const db = getDb(env);
  const gig = await ownGig(db, viewer, gigId);
  const priceMinor = Math.round(draft.price * 10 ** minorDigits(gig.currency));
  if (priceMinor > gig.listPriceMinor * draft.sessions) throw badRequest(PACKS_COPY.pricedAboveSingles, "price");
  const now = new Date();
  await db
    .insert(packOffers)
    .values({
      id: newId(),
      gigId,
      streamerId: gig.streamerId,
      sessions: draft.sessions,
      listPriceMinor: priceMinor,
      currency: gig.currency,
      validDays: draft.validDays,
      active: draft.active,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: packOffers.gigId,
      set: {
        sessions: draft.sessions,
        listPriceMinor: priceMinor,
        currency: gig.currency,
        validDays: draft.validDays,
        active: draft.active,
        updatedAt: now,
      },
    });
  // The gig page shows the pack: edge-cached pages are stale now (docs/decisions/012).
  await markCatalogueChanged(db, { gigId });
}

/** A gig's pack as a viewer sees it beside the single price: in their currency, with the saving. */
export type GigPack = {
  sessions: number;
  validDays: number;
  price: ViewerPrice;
  perSession: Money;
  saving: Money | null;
  savingPercent: number;
};

/** The query of a gig's pack on offer (one statement, for the gig page's batch: `gigPackOf` reads its rows). */
export function gigPackQuery(db: Db, gigId: string) {
  // named(): in a batch D1 keys rows by column name, and both tables have list_price_minor.
  return db
    .select(
      named({
        sessions: packOffers.sessions,
        validDays: packOffers.validDays,
        listPriceMinor: packOffers.listPriceMinor,
        currency: packOffers.currency,
        singleMinor: gigs.listPriceMinor,
      }),
    )
    .from(packOffers)
    .innerJoin(gigs, eq(gigs.id, packOffers.gigId))
    .where(and(eq(packOffers.gigId, gigId), eq(packOffers.active, true), isNull(gigs.archivedAt)));
}

type GigPackRow = Awaited<ReturnType<typeof gigPackQuery>>[number];

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/**
 * The pack card's words for one viewer (the gig page's loader; `GigPack` shows them): the price and terms, the saving,
 * the credits they hold on this gig, and the buy form's choice, the wallet first when it covers the price (ADR 040).
 */
export function gigPackView(
  pack: GigPack,
  viewer: { loggedIn: boolean; canBuy: boolean; creditsLeft: number; walletBalance: Money | null },
): GigPackView {
  const wallet = viewer.walletBalance;
  return {
    price: formatMoney(pack.price),
    terms: `for ${pack.sessions} sessions (${formatMoney(pack.perSession)} each)`,
    saving: pack.saving
      ? `Save ${formatMoney(pack.saving)}${pack.savingPercent > 0 ? ` (${pack.savingPercent}%)` : ""} against single sessions`
      : null,
    note: `Book any time of this gig within ${pack.validDays} days of buying. Credits you don't use are refunded to your wallet when the pack runs out.`,
    held:
      viewer.creditsLeft > 0
        ? `You hold ${plural(viewer.creditsLeft, "pack credit")} for this gig: choose "Pack credit" when you book.`
        : null,
    buy:
      viewer.canBuy && viewer.loggedIn
        ? {
            wallet: wallet ? `Wallet (${formatMoney(wallet)} available)` : "Wallet",
            walletFirst:
              !!wallet && wallet.currency === pack.price.currency && wallet.amountMinor >= pack.price.amountMinor,
          }
        : null,
    login: viewer.canBuy && !viewer.loggedIn,
  };
}

/** The pack on offer on a gig (null when there is none), priced for the viewer as the single price is. */
export function gigPackOf(rows: readonly unknown[], display: DisplayCurrency): GigPack | null {
  const row = rows[0] as GigPackRow | undefined;
  if (!row) return null;
  const price = priceIn(money(row.listPriceMinor, row.currency), display);
  const single = priceIn(money(row.singleMinor, row.currency), display);
  const pack = money(price.amountMinor, price.currency);
  return {
    sessions: row.sessions,
    validDays: row.validDays,
    price,
    perSession: money(Math.ceil(price.amountMinor / row.sessions), price.currency),
    saving: packSaving(single, row.sessions, pack),
    savingPercent: savingPercent(single, row.sessions, pack),
  };
}
