/**
 * The viewer's time zone and how slot times are written, in one place for every feature (gig page, orders,
 * emails). Times are stored UTC; they are shown in the viewer's zone, named:
 * - with JavaScript, the browser's zone (`browserTimeZone()`, after hydration);
 * - without it, Cloudflare's `request.cf.timezone` for the request (`resolveTimeZone(cf?.timezone)`);
 * - otherwise UTC.
 */
export const FALLBACK_TIME_ZONE = "UTC";

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The first valid zone among the candidates (an explicit choice, then Cloudflare's guess), else UTC. */
export function resolveTimeZone(...candidates: unknown[]): string {
  for (const candidate of candidates) if (isTimeZone(candidate)) return candidate;
  return FALLBACK_TIME_ZONE;
}

/** The browser's zone (client only). */
export function browserTimeZone(): string {
  return resolveTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

export type SlotTime = {
  /** e.g. "Mon, 24 Nov 2026" */
  date: string;
  /** e.g. "18:00 – 18:30" */
  time: string;
  /** e.g. "CET" or "GMT+5:30" */
  zoneName: string;
  /** The IANA zone, e.g. "Europe/Paris". */
  timeZone: string;
  /** Everything in one line: "Mon, 24 Nov 2026, 18:00 – 18:30 CET". */
  label: string;
};

function toDate(value: Date | number | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatSlotTime(startsAt: Date | number | string, endsAt: Date | number | string, timeZone: string) {
  const zone = resolveTimeZone(timeZone);
  const start = toDate(startsAt);
  const end = toDate(endsAt);
  const date = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(start);
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hour12: false });
  const zoneName =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(start)
      .find((part) => part.type === "timeZoneName")?.value ?? zone;
  const time = `${clock.format(start)} – ${clock.format(end)}`;
  return { date, time, zoneName, timeZone: zone, label: `${date}, ${time} ${zoneName}` } satisfies SlotTime;
}
