/** The packs feature's server side: what other features, routes and the Worker may use of it. */

export type { BoughtPack } from "./buy.server";
export { buyPack, buyPackWithWallet, payPrepaidFromWallet, walletPaidColumns } from "./buy.server";
export { PACKS_COPY } from "./copy";
export {
  creditsOf,
  creditsOnGig,
  creditsOnGigQuery,
  creditUsedSql,
  creditUseStatements,
  expirePacks,
  prepaidOrderColumns,
} from "./credits.server";
export type { FanPack, FanPackEntry } from "./fan-packs.server";
export { entryOf, fanPacks, heldBalance } from "./fan-packs.server";
export type { GigPack, PackOfferForm } from "./offers.server";
export { gigPack, gigPackOf, gigPackQuery, packOfferForm, setPackOffer } from "./offers.server";
