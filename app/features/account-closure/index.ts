/** The account-closure feature: what pages may use of it (server-only parts in index.server.ts). */
export { CLOSURE_COPY } from "./copy";
export { closeAccountSchema } from "./schema";
