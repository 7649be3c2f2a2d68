/** The feeds feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { SecretLinkCard } from "./components/secret-link";
export { FEED_COPY } from "./copy";
