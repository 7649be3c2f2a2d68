/** The tracking feature's server side: what other features, routes and the Worker may use of it. */

export { archiveOldEvents, EVENTS_KEPT_DAYS } from "./archive.server";
export { trackEvent, weeklyFunnel } from "./events.server";
