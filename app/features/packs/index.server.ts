/** The packs feature's server side: what other features, routes and the Worker may use of it. */

export { buyPack } from "./buy.server";
export { PACKS_COPY } from "./copy";
export {
  creditsOf,
  creditsOnGig,
  creditsOnGigQuery,
  creditUsedSql,
  creditUseStatements,
  expirePacks,
} from "./credits.server";

export { fanPacks } from "./fan-packs.server";

export { gigPackOf, gigPackQuery, packOfferForm, setPackOffer } from "./offers.server";
