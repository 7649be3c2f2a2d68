/** The payouts feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export {
  bpsToPercent,
  createPayoutSchema,
  editPayoutSchema,
  payoutIdSchema,
  payoutIdsSchema,
  periodSchema,
  validationOrdersSchema,
} from "./admin-schema";
export { PAYOUT_COPY } from "./copy";
export { payoutJson, payoutOrderJson } from "./json";
export { platformFeeOf } from "./totals";
