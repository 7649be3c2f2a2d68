/** The staff-catalogue feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { BLANK_MODE_ROWS, STAFF_CATALOGUE_MESSAGES } from "./messages";
export { bannerSchema, gameSchema, idSchema, platformSchema } from "./schema";
