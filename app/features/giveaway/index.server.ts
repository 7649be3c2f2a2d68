/** The giveaway feature's server side: what other features, routes and the Worker may use of it. */

export { GIVEAWAY_COPY } from "./copy";
export { sendGiveawayLobbyCode, signedUpUsers, slotBookedUsers } from "./giveaway.server";
