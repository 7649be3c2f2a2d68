/** The gigs feature's server side: what other features, routes and the Worker may use of it. */
export { storeCover, uploadedFile } from "./cover.server";
export {
  assertGameChoice,
  createGig,
  deleteGig,
  getOwnGig,
  gigFormOptions,
  gigUpcomingBookings,
  listGigs,
  priceAsSet,
  setGigArchived,
  streamerCurrency,
  updateGig,
} from "./gigs.server";
