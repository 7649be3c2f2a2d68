/** The time feature's server side: what other features, routes and the Worker may use of it. */
export { saveTimeZone, timeZoneOptions } from "./time-zone.server";
