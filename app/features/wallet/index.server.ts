/** The wallet feature's server side: what other features, routes and the Worker may use of it. */
export { owedCardRefundStatement, unacceptedPaymentRefundStatement } from "./card-refunds.server";
export { convertStrayBalances } from "./convert.server";
export { walletOverview } from "./history.server";
export {
  owedRefundsStatement,
  paidWithCreditSql,
  settleRefundStatements,
  walletBalance,
  walletBalanceQuery,
  walletConversionStatements,
  walletDebitStatement,
  walletRefundStatements,
} from "./ledger.server";
export { refundDoneEmail, refundDoneNotice } from "./refund-messages.server";
export type { OrderRefund } from "./refund-state.server";
export { latestSettledRefund, orderRefunds, owedRefundsOf, refundOwedSql } from "./refund-state.server";
export { listOwedRefunds, owedRefundIds, retryOwedRefund, settleDueRefunds, settleRefunds } from "./refunds.server";
