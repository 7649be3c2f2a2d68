/** The passes feature's server side: what other features, routes and the Worker may use of it. */

export type { BoughtPass } from "./buy.server";
export { buyPass, buyPassWithWallet } from "./buy.server";
export { cardPassOfOrder, passByCardNotice, passCardEarmark } from "./card.server";

export { fanPasses } from "./fan-passes.server";
export { passInvoicePdf } from "./invoice.server";

export { passOfferForm, setPassOffer, streamerPassOf, streamerPassView } from "./offers.server";

export {
  expirePasses,
  passPaidOrderIds,
  passUsedSql,
  passUseStatements,
  passUsesFrom,
  passUsesWith,
  streamerPassReads,
} from "./uses.server";
