/** The calendar-feed feature's server side: what other features, routes and the Worker may use of it. */
export { calendarFeed } from "./feed.server";
export { keyOfFeedFile, myCalendarFeed, regenerateMyCalendarFeed } from "./links.server";
