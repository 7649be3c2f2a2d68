/** The promo feature: what other features and routes may use of it (server-only parts in index.server.ts). */

export { promoActiveSchema, promoCodeSchema } from "./admin-schema";
export { PROMO_ADMIN_COPY } from "./copy";
export { promoOffText } from "./off-text";
