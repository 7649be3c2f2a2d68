/** The payouts feature's server side: what other features, routes and the Worker may use of it. */
export {
  activatePayout,
  editPayout,
  getPayout,
  listPayouts,
  removePayout,
  streamerForStaff,
} from "./admin-payouts.server";
export { streamerBalance } from "./balance.server";
export { completePayouts } from "./complete.server";
export { createPayout, remainingOrders } from "./create.server";
export { payoutHistory, payoutHistoryQuerySchema } from "./history.server";
export { defaultRates } from "./merge.server";
export type { PayoutOrderRow } from "./orders.server";
export { inNoActivePayout, payableOrder } from "./orders.server";
export { payoutCompletedNotice } from "./payout-messages.server";
export { payoutWorkQueue } from "./queue.server";
export { generatePayoutStatement, readPayoutStatement, XLSX_TYPE } from "./statement.server";
export { markOrdersPlayed, ordersForValidation } from "./validations.server";
