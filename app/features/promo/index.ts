/** The promo feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { PROMO_ADMIN_MESSAGES } from "./admin-messages";
export { promoActiveSchema, promoCodeSchema } from "./admin-schema";
export { promoOffText } from "./off-text";
export { promoRefusalText } from "./reasons";
