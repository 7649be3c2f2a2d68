/**
 * Date helpers shared app-wide. Showing a time goes through app/features/time/format.ts, in the viewer's zone
 * (docs/decisions/019-viewer-time-zone.md).
 */
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
