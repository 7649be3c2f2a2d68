/** The payments feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export type { FulfilmentStep, PayableOrder, TopupEarmark } from "./steps";
export { topupRangeMessage, topupSchema, topupUnits } from "./topup-schema";
