/** The search feature's server side: what other features, routes and the Worker may use of it. */
export { gamesFts, gigsFts, matches, rowidOf, streamersFts } from "./fts.server";
