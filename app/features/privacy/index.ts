/** The privacy feature: what pages may use of it (server-only parts in index.server.ts). */
export { PRIVACY_COPY } from "./copy";
