/** The currency feature's server side: what other features, routes and the Worker may use of it. */

export type { Charge } from "./charge.server";
export { buyerCurrency, chargeFor } from "./charge.server";
export { usdInrRateQuery } from "./rate-query.server";
export { currentUsdInrRate, getUsdInrRate, refreshUsdInrRate } from "./rates.server";
