/** The packs feature's server side: what other features, routes and the Worker may use of it. */

export { buyPack, payPrepaidFromWallet, walletPaidColumns } from "./buy.server";
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

export { entryOf, fanPacks, heldBalance } from "./fan-packs.server";

export { gigPackOf, gigPackQuery, packOfferForm, setPackOffer } from "./offers.server";
