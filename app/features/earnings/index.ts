/** The earnings feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { earningOrder, orderNet, orderNetMinor, orderNetUsdMinor, refundOwedOnOrder } from "./earning-order";
export { EARNINGS_WINDOWS } from "./math";
