/** The time feature: what other features and routes may use of it (server-only parts in index.server.ts). */

export type { CalendarMonth } from "./calendar";
export { addDays, currentMonth, isoInZone, monthBounds, zonedDate, zonedToUtc } from "./calendar";
export { BrowserTimeZoneField } from "./components/browser-time-zone-field";
export { SlotTime } from "./components/slot-time";
export { TimeZoneForm } from "./components/time-zone-form";
export { TimeZoneSelect } from "./components/time-zone-select";
export { TimeZoneHint, useViewerZone, ViewerZoneProvider } from "./components/viewer-zone";
export { When } from "./components/when";
export { TIME_COPY } from "./copy";
export {
  formatClock,
  formatDateTime,
  formatDay,
  formatSessionLength,
  formatShortDay,
  formatSlotTime,
  formatWhen,
  zoneLabel,
} from "./format";
export { browserTimeZoneField } from "./schema";
export type { ViewerZone } from "./zone";
export {
  FALLBACK_TIME_ZONE,
  recipientZone,
  requestViewerZone,
  signUpTimeZone,
  TIME_ZONE_COOKIE,
  validTimeZone,
} from "./zone";
