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
  return dateTimeFormat("en-GB", { ...DATE_TIME, ...options }).format(new Date(at));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, kept: making one costs ~0.1 ms, which a page of session
 * cards paid per card on every render (toLocaleString with options makes one per call).
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
