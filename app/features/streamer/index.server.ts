/** The streamer feature's server side: what other features, routes and the Worker may use of it. */
export { streamerOrderJson, streamerOrders, streamerOrdersQuerySchema } from "./orders.server";
export { getStreamerProfile, streamerProfileJson, suggestStar, updateStreamerProfile } from "./profile.server";
