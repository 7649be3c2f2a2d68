/** The feeds feature's server side: what other features, routes and the Worker may use of it. */
export { ensureFeedKey, mayHoldFeedKey, regenerateFeedKey, userOfFeedKey } from "./keys.server";
