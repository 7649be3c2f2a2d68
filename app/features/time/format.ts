import { dateTimeFormat } from "~/lib/dates";
import { FALLBACK_TIME_ZONE, validTimeZone } from "./zone";

/**
 * Times as people read them, in one zone named the way people say it (docs/decisions/019-viewer-time-zone.md):
 * "Mon, 1 Mar 2027, 19:00–19:30 India Standard Time (IST)". Never the IANA id: ICU would print Asia/Kolkata as
 * Asia/Calcutta, and nobody says either. The same functions run on the server and in the browser, with the zone
 * the server resolved, so the text never changes on hydration.
 */

/** Locales whose short names we try, in order, for a real abbreviation ("IST" is en-IN's, "CET" en-GB's). */
const ABBREVIATION_LOCALES = ["en-US", "en-GB", "en-IN", "en-AU"] as const;
export const OFFSET_ONLY = /^(?:GMT|UTC)(?:[+-−]|$)/;

export function zoneNamePart(locale: string, zone: string, style: "short" | "long", at: Date): string | undefined {
  return dateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
}

export function isUtc(zone: string): boolean {
  return zone === FALLBACK_TIME_ZONE;
}

/** The zone's abbreviation at that instant ("IST", "EST", "CET", "BST"), else its offset ("GMT+9"); "UTC" for UTC. */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  if (isUtc(zone)) return "UTC";
  for (const locale of ABBREVIATION_LOCALES) {
    const name = zoneNamePart(locale, zone, "short", at);
    if (name && !OFFSET_ONLY.test(name)) return name;
  }
  return zoneNamePart("en-GB", zone, "short", at) ?? "UTC";
}

/** "India Standard Time (IST)", "Eastern Daylight Time (EDT)", "Japan Standard Time (GMT+9)"; just "UTC" for UTC. */
export function zoneLabel(at: Date, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  if (isUtc(zone)) return "UTC";
  const long = zoneNamePart("en-US", zone, "long", at);
  const short = zoneAbbreviation(at, zone);
  return long && long !== short ? `${long} (${short})` : short;
}

/** How long a session lasts, as people say it: "45 min", "1 h", "1 h 30 min". */
export function formatSessionLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const DATE: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/**
 * The one full form of a session's time: "Mon, 1 Mar 2027, 19:00–19:30 India Standard Time (IST)". The zone is
 * named at the start (so a slot after a daylight-saving change reads right).
 */
export function formatSlotTime(startsAt: Date, endsAt: Date | null, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const date = dateTimeFormat("en-GB", { ...DATE, timeZone: zone }).format(startsAt);
  const time = dateTimeFormat("en-GB", { ...TIME, timeZone: zone });
  const range = endsAt ? `${time.format(startsAt)}–${time.format(endsAt)}` : time.format(startsAt);
  return `${date}, ${range} ${zoneLabel(startsAt, zone)}`;
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/** The compact form for cards and lists: "Sat 14 Nov, 18:30 IST". */
export function formatDateTime(at: Date | number | string, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const date = new Date(at);
  return `${dateTimeFormat("en-GB", { ...SHORT_DATE_TIME, timeZone: zone }).format(date)} ${zoneAbbreviation(date, zone)}`;
}

/**
 * THE form of a moment a person reads (when something happened or is due, not a session's time): "Wed, 25 Nov 2026,
 * 17:26 EST", in the reader's zone with its abbreviation ("UTC" for UTC). Notifications, the wallet's history, the
 * invoice's dates, emails, the staff pages and the streamer's payout periods all go through it (and `When`, its
 * component), so no page or message formats a date of its own (docs/decisions/019-viewer-time-zone.md).
 */
export function formatWhen(at: Date | number | string, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const date = new Date(at);
  const day = dateTimeFormat("en-GB", { ...DATE, timeZone: zone }).format(date);
  const clock = dateTimeFormat("en-GB", { ...TIME, timeZone: zone }).format(date);
  return `${day}, ${clock} ${zoneAbbreviation(date, zone)}`;
}

/** Just the clock time in the zone: "23:30". */
export function formatClock(at: Date | number | string, timeZone: string, options: { seconds?: boolean } = {}): string {
  return dateTimeFormat("en-GB", {
    ...TIME,
    ...(options.seconds ? { second: "2-digit" } : {}),
    timeZone: validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE,
  }).format(new Date(at));
}

/** Just the day in the zone: "24 Nov 2026" (e.g. the date of the exchange rate a converted price used). */
export function formatDay(at: Date | number | string, timeZone: string): string {
  return dateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE,
  }).format(new Date(at));
}

/** A day as a date strip shows it: "Thu 26 Nov", in the zone. */
export function formatShortDay(at: Date | number | string, timeZone: string): string {
  return dateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE,
  })
    .format(new Date(at))
    .replace(",", "");
}
