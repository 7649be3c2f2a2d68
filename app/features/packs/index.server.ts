/** The packs feature's server side: what other features, routes and the Worker may use of it. */

export type { BoughtPack } from "./buy.server";
export { buyPack, payPrepaidFromWallet, walletPaidColumns } from "./buy.server";
export type { CardPurchaseState } from "./card.server";
export {
  cardPackOfOrder,
  cardPendingColumns,
  cardPurchaseState,
  packByCardNotice,
  packCardEarmark,
  prepaidCardEarmark,
  prepaidFeeColumns,
} from "./card.server";
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
export { packInvoicePdf, prepaidInvoicePdf } from "./invoice.server";

export { gigPackOf, gigPackQuery, gigPackView, packOfferForm, setPackOffer } from "./offers.server";
