/** The passes feature's server side: what other features, routes and the Worker may use of it. */

export type { BoughtPass } from "./buy.server";
export { buyPassWithWallet } from "./buy.server";
export type { FanPass } from "./fan-passes.server";
export { fanPasses } from "./fan-passes.server";
export type { PassOfferForm, StarPass } from "./offers.server";
export { passOfferForm, setPassOffer, starPassOf, starPassQuery, starPassView } from "./offers.server";
export type { PassUses } from "./uses.server";
export { expirePasses, passPaidOrderIds, passUsedSql, passUseStatements, passUsesWith } from "./uses.server";
