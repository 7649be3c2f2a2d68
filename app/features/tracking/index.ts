/** The tracking feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { clientEventSchema } from "./schema";
