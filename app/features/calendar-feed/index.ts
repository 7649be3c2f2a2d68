/** The calendar-feed feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { CalendarFeedCard } from "./components/calendar-feed-card";
export { isInexactCalendarFeedRead } from "./feed-url";
