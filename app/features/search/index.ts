/** The search feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { HeaderSearch } from "./components/header-search";
export { SEARCH_SUGGESTION_NAME_MAX } from "./constants";
export { toMatchQuery } from "./query";
