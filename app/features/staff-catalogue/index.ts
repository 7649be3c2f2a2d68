/** The staff-catalogue feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { STAFF_CATALOGUE_COPY } from "./copy";
export { BLANK_MODE_ROWS } from "./rules";
export { bannerSchema, gameSchema, idSchema, platformSchema } from "./schema";
