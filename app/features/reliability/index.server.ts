/** The reliability feature's server side: the streamer page's one read of it. */
export { reliabilityFromRow, reliabilityQuery } from "./reliability.server";
