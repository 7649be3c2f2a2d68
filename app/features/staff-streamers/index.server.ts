/** The staff-streamers feature's server side: what other features, routes and the Worker may use of it. */
export {
  getPlatformFee,
  getStreamerForStaff,
  listStreamersForStaff,
  registerStreamer,
  removeStreamer,
  setPlatformFee,
  setShowAtLanding,
} from "./streamers.server";
