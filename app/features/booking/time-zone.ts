/**
 * Slot times in the viewer's time zone, with the zone named. Times are stored in UTC; a page renders them
 * on the server in the zone Cloudflare reports for the request (`request.cf.timezone`, the only zone known
 * without JavaScript) and, once in the browser, in the browser's own zone. Both go through `formatSlotTime`,
 * so the text only differs by the zone.
 */
import { dateTimeFormat } from "~/lib/dates";

export const FALLBACK_TIME_ZONE = "UTC";

/** An IANA zone name the runtime knows, else null. */
export function validTimeZone(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 64) return null;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: candidate });
    // The name as given: ICU would canonicalise some (Asia/Kolkata -> Asia/Calcutta), which reads wrong.
    return candidate;
  } catch {
    return null;
  }
}

/** The zone of a request: Cloudflare's `request.cf.timezone` when valid, else UTC. */
export function requestTimeZone(cf: { timezone?: unknown } | undefined | null): string {
  return validTimeZone(cf?.timezone) ?? FALLBACK_TIME_ZONE;
}

/** The browser's zone (call only in the browser). */
export function browserTimeZone(): string {
  return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? FALLBACK_TIME_ZONE;
}

const DATE: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** The zone's short name at that instant (e.g. "CET", "GMT+5:30"), which follows daylight saving. */
function zoneAbbreviation(at: Date, timeZone: string): string {
  const part = dateTimeFormat("en-GB", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * "Mon, 1 Mar 2027, 19:00–19:30 (Europe/Paris, CET)": the start's date, the start and end times, and the
 * zone by name and by its abbreviation at the start (so a slot after a DST change reads right).
 */
export function formatSlotTime(startsAt: Date, endsAt: Date | null, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const date = dateTimeFormat("en-GB", { ...DATE, timeZone: zone }).format(startsAt);
  const time = dateTimeFormat("en-GB", { ...TIME, timeZone: zone });
  const range = endsAt ? `${time.format(startsAt)}–${time.format(endsAt)}` : time.format(startsAt);
  return `${date}, ${range} (${zone}, ${zoneAbbreviation(startsAt, zone)})`;
}
