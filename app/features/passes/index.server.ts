/** The passes feature's server side: what other features, routes and the Worker may use of it. */

export { buyPassWithWallet } from "./buy.server";

export { fanPasses } from "./fan-passes.server";

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
