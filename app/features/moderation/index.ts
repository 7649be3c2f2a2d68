/** The moderation feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { MODERATION_COPY } from "./copy";
export { banIdsSchema, moderationListSchema, reportIdsSchema } from "./schema";
