/**
 * The one way the app shows a date and time (session cards, dashboards): "Sat 14 Nov, 18:30 UTC" style,
 * in UTC on the server (times are stored in UTC) and in the viewer's own time zone once in the browser
 * (see SessionTime in app/features/catalogue/components/cards.tsx).
 */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};

export function formatDateTime(at: Date | number | string, options: { timeZone?: string } = {}): string {
  return new Date(at).toLocaleString("en-GB", { ...DATE_TIME, ...options });
}
