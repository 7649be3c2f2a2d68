/** The staff-catalogue feature's server side: what other features, routes and the Worker may use of it. */
export {
  createGame,
  deleteGame,
  getGameForStaff,
  listGamesForStaff,
  platformChoices,
  updateGame,
} from "./games.server";
export {
  addBanner,
  addPlatform,
  deleteBanner,
  listBannersForStaff,
  listPlatformsForStaff,
} from "./platforms-banners.server";
