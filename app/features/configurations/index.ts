/** The configurations feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { CONFIG_COPY } from "./copy";
export { addConfigSchema, CONFIG_KEYS, keySchema, siteGateSchema, updateConfigSchema } from "./schema";
