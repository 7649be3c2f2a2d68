/** The earnings feature's server side: what other features, routes and the Worker may use of it. */

export type { EarningsInCurrency } from "./earnings.server";
export { earningsTotals, paginatedEarnings } from "./earnings.server";
