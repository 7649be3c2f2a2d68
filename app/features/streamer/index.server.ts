/** The streamer feature's server side: what other features, routes and the Worker may use of it. */
export { influencerOrderJson, influencerOrders, influencerOrdersQuerySchema } from "./orders.server";
export { getInfluencerProfile, influencerProfileJson, suggestStar, updateInfluencerProfile } from "./profile.server";
