import { and, eq } from "drizzle-orm";
import { assertManageBusiness, type Viewer } from "~/features/access";
import { buyerCurrency } from "~/features/currency/index.server";
import { notFound } from "~/lib/errors";
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
import { type Db, getDb } from "~/platform/db.server";
import { passOffers, users } from "~db/schema";
import type { StreamerPassView } from "./components/star-pass";
import type { PassOfferDraft } from "./schema";

/** The streamer's VIP pass as they edit it: their currency, and the pass on offer if any. */
export type PassOfferForm = {
  currency: Money["currency"];
  offer: { places: number; price: Money; validDays: number; active: boolean } | null;
};

async function streamerCurrency(db: Db, streamerId: string) {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, streamerId));
  if (!row) throw notFound("Streamer not found");
  // A streamer prices in their country's currency, as their gigs and live sessions (docs/decisions/020).
  return buyerCurrency(row);
}

/** The viewer's own VIP pass form (only who may manage the business reads it). */
export async function passOfferForm(env: Env, viewer: Viewer, streamerId = viewer.id): Promise<PassOfferForm> {
  assertManageBusiness(viewer, streamerId);
  const db = getDb(env);
  const [currency, [offer]] = await Promise.all([
    streamerCurrency(db, streamerId),
    db.select().from(passOffers).where(eq(passOffers.streamerId, streamerId)),
  ]);
  return {
    currency,
    offer: offer
      ? {
          places: offer.places,
          price: money(offer.listPriceMinor, offer.currency),
          validDays: offer.validDays,
          active: offer.active,
        }
      : null,
  };
}

/**
 * Sets (or changes) the streamer's VIP pass: N VIP places at a price in their currency, valid for a number of days.
 * Passes already bought keep what they were bought with (a bought pass snapshots the offer).
 */
export async function setPassOffer(env: Env, viewer: Viewer, draft: PassOfferDraft, streamerId = viewer.id) {
  // Only the streamer (or who may act on their business) sets their pass.
  assertManageBusiness(viewer, streamerId);
  const db = getDb(env);
  const currency = await streamerCurrency(db, streamerId);
  const priceMinor = Math.round(draft.price * 10 ** minorDigits(currency));
  const now = new Date();
  const terms = {
    places: draft.places,
    listPriceMinor: priceMinor,
    currency,
    validDays: draft.validDays,
    active: draft.active,
    updatedAt: now,
  };
  await db
    .insert(passOffers)
    .values({ id: newId(), streamerId, createdAt: now, ...terms })
    .onConflictDoUpdate({ target: passOffers.streamerId, set: terms });
  // The star page shows the pass: edge-cached pages are stale now (docs/decisions/012).
  await markCatalogueChanged(db, { streamerId: streamerId });
}

/** A streamer's VIP pass as a viewer sees it: in their currency, with the price of one place. */
export type StreamerPass = { places: number; validDays: number; price: ViewerPrice; perPlace: Money };

/** The query of a streamer's VIP pass on offer (one statement, for a page's batch: `starPassOf` reads its rows). */
export function streamerPassQuery(db: Db, streamerId: string) {
  return db
    .select({
      places: passOffers.places,
      validDays: passOffers.validDays,
      listPriceMinor: passOffers.listPriceMinor,
      currency: passOffers.currency,
    })
    .from(passOffers)
    .where(and(eq(passOffers.streamerId, streamerId), eq(passOffers.active, true)));
}

/** The pass on offer (null when there is none), priced for the viewer as their other prices are. */
export function streamerPassOf(rows: readonly unknown[], display: DisplayCurrency): StreamerPass | null {
  const row = rows[0] as Awaited<ReturnType<typeof streamerPassQuery>>[number] | undefined;
  if (!row) return null;
  const price = priceIn(money(row.listPriceMinor, row.currency), display);
  return {
    places: row.places,
    validDays: row.validDays,
    price,
    perPlace: money(Math.ceil(price.amountMinor / row.places), price.currency),
  };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** The VIP pass card's words for one viewer (the star page's loader; `StarPassCard` shows them). */
export function streamerPassView(
  pass: StreamerPass,
  viewer: { loggedIn: boolean; isOwner: boolean; usesLeft: number; walletBalance: Money | null; loginTo: string },
): StreamerPassView {
  const places = plural(pass.places, "VIP place");
  return {
    price: formatMoney(pass.price),
    terms: `for ${places} (${formatMoney(pass.perPlace)} each)`,
    note: `Join the VIP queue of any of this streamer's live sessions within ${pass.validDays} days of buying, without paying again. A place not served gives its use back; places you don't use are refunded to your wallet when the pass runs out.`,
    held:
      viewer.usesLeft > 0
        ? `You hold ${plural(viewer.usesLeft, "VIP pass place")}: choose "VIP pass" when you join a VIP queue.`
        : null,
    buy:
      viewer.loggedIn && !viewer.isOwner
        ? {
            wallet: viewer.walletBalance ? `Wallet (${formatMoney(viewer.walletBalance)} available)` : "Wallet",
            // The wallet first when it covers the price in the viewer's currency, else the card (ADR 040).
            walletFirst:
              !!viewer.walletBalance &&
              viewer.walletBalance.currency === pass.price.currency &&
              viewer.walletBalance.amountMinor >= pass.price.amountMinor,
          }
        : null,
    login: viewer.loggedIn ? null : `/login?redirectTo=${encodeURIComponent(viewer.loginTo)}`,
  };
}
