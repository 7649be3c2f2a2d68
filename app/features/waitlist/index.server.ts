/** The waitlist feature's server side: what other features, routes and the Worker may use of it. */
export { joinWaitlist, leaveWaitlist } from "./join.server";
export { waitlistOfferEmail, waitlistOfferNotice } from "./offer-messages.server";
export { acceptPlaceStatement, offerFreedSeats, offerStatements, sweepWaitlists } from "./offers.server";
export {
  myWaitlistPlaces,
  placeWithTimeInWords,
  viewerPlaces,
  viewerPlacesOnGigQuery,
  waitlistLengthSql,
  withOfferedSeats,
} from "./places.server";
