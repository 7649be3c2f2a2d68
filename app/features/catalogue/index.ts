/** The catalogue feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { gameJson, gigJson, streamerJson } from "./api-shape";
export { BROWSE_FILTER_LABELS } from "./browse-options";
export { BrowseFilters, BrowseTabs, browseHref } from "./components/browse-filters";
export { LiveBadge, Thumb } from "./components/card-parts";
export { GameCard, GigCard, LiveCard, SessionRow, StreamerCard } from "./components/cards";
export { InfiniteGrid } from "./components/infinite-grid";
export { READ_MORE_THRESHOLD } from "./constants";
export {
  gamePageSchema,
  gamesQuerySchema,
  gigsQuerySchema,
  liveQuerySchema,
  parseBrowseQueryLeniently,
  searchQuerySchema,
  sessionsQuerySchema,
  streamerPagesSchema,
  streamersQuerySchema,
} from "./schema";
