/** The promo feature's server side: what other features, routes and the Worker may use of it. */
export {
  createPromoCode,
  deletePromoCode,
  listPromoCodesForStaff,
  setPromoCodeActive,
  updatePromoCode,
} from "./admin.server";
export type { PromoQuote } from "./redeem.server";
export {
  givePromoUseBackStatement,
  PROMO_ERROR,
  PromoRefusal,
  promoRefusalWords,
  quotePromo,
  redemptionStatement,
} from "./redeem.server";
export { streamerPromoCodes } from "./streamer-codes.server";
