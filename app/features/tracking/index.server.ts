/** The tracking feature's server side: what other features, routes and the Worker may use of it. */
export { trackEvent, weeklyFunnel } from "./events.server";
