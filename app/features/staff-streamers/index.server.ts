/** The staff-streamers feature's server side: what other features, routes and the Worker may use of it. */
export {
  getInfluencerForStaff,
  getPlatformFee,
  listInfluencersForStaff,
  registerInfluencer,
  removeInfluencer,
  setPlatformFee,
  setShowAtLanding,
} from "./streamers.server";
