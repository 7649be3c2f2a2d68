/** The catalogue feature's server side: what other features, routes and the Worker may use of it. */
export { getBrowsePage } from "./browse.server";
export type { BrowseCards } from "./card-data.server";
export {
  browseCards,
  gameCardData,
  gigCardData,
  liveCardData,
  sessionRowData,
  streamerCardData,
} from "./card-data.server";
export { getLanding } from "./landing.server";
export { listFavourites } from "./lists/favourites.server";
export {
  activeLiveSession,
  allGames,
  allPlatforms,
  bannersList,
  gameById,
  gamesPage,
  gigsPage,
  hashTags,
  landingGamesList,
  livePage,
  liveQueuesJoined,
  liveSessionTagsOf,
  modeById,
  modesOfGame,
  mostPopularGigs,
  mostPopularStars,
  streamerSessions,
  streamersPage,
  upcomingSessionsHome,
} from "./reads.server";
export type { CatalogueRequest } from "./request.server";
export { catalogueRequest } from "./request.server";
export { shortLinkTarget } from "./short-link.server";
export { searchSuggestions } from "./suggestions.server";
export { getGamePage, getGigPage, getStarPage } from "./views.server";
