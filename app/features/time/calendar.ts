import { dateTimeFormat } from "~/lib/dates";

/**
 * Wall-clock times in a named time zone, converted to UTC instants (slots are stored in UTC; the streamer
 * types them in their own zone). DST-safe: the offset is read at the instant itself, twice.
 */
/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** "2026-12-03" + "18:30" in `zone` -> the UTC instant. */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const [h = 0, min = 0] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  let instant = wall - zoneOffsetMs(wall, zone);
  instant = wall - zoneOffsetMs(instant, zone);
  return new Date(instant);
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type CalendarMonth = { year: number; month: number };

/** The wall-clock parts of an instant in `zone`: what a calendar in that zone shows. */
function zonedParts(instant: Date | number | string, zone: string) {
  const parts = dateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
}

/** The instant's date in `zone`, "YYYY-MM-DD" (a 23:30 IST slot is on its Indian day, not the UTC one). */
export function zonedDate(instant: Date | number | string, zone: string): string {
  const { year, month, day } = zonedParts(instant, zone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The month `now` falls in, in `zone`. */
export function currentMonth(now: Date, zone: string): CalendarMonth {
  const { year, month } = zonedParts(now, zone);
  return { year, month };
}

/** A calendar month in `zone` as UTC instants, [from, to): "November" means November where the viewer is. */
export function monthBounds({ year, month }: CalendarMonth, zone: string): { from: Date; to: Date } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const first = (m: CalendarMonth) => `${String(m.year).padStart(4, "0")}-${String(m.month).padStart(2, "0")}-01`;
  return { from: zonedToUtc(first({ year, month }), "00:00", zone), to: zonedToUtc(first(next), "00:00", zone) };
}

/**
 * The instant as ISO 8601 in `zone`, with that zone's offset at the instant ("2026-12-03T18:30:05+05:30"): what a
 * spreadsheet of someone's own records shows (their zone) while still naming the exact instant.
 */
export function isoInZone(instant: Date | number | string, zone: string): string {
  const at = new Date(instant).getTime();
  const offset = zoneOffsetMs(at, zone);
  const wall = new Date(Math.floor(at / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const minutes = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${wall}${sign}${hh}:${mm}`;
}
