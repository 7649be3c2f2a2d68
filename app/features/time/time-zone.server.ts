import { eq } from "drizzle-orm";
import { appError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { users } from "~db/schema";
import { zoneOffsetMs } from "./calendar";
import { TIME_COPY } from "./copy";
import { isUtc, OFFSET_ONLY, zoneLabel, zoneNamePart } from "./format";
import { CURRENT_ZONE_NAMES, FALLBACK_TIME_ZONE, validTimeZone } from "./zone";

/**
 * Saving the zone a user reads times in (docs/decisions/019-viewer-time-zone.md): pages, emails, reminders and
 * invites use it from then on. Anything but a zone the runtime knows is a 400 with a message, never saved.
 */
export async function saveTimeZone(
  env: Env,
  userId: string,
  submitted: unknown,
  now = new Date(),
): Promise<{ zone: string; message: string }> {
  const zone = validTimeZone(typeof submitted === "string" ? submitted.trim() : submitted);
  if (!zone) throw appError(400, TIME_COPY.unknownZone, { field: "timeZone" });
  await getDb(env).update(users).set({ timeZone: zone, updatedAt: now }).where(eq(users.id, userId));
  return { zone, message: `${TIME_COPY.saved} ${zoneLabel(now, zone)}` };
}

/** The zone's offset from UTC at that instant, as clocks say it: "UTC−08:00", "UTC+05:30", "UTC+00:00". */
export function zoneOffsetText(at: Date, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  const minutes = Math.round(zoneOffsetMs(at.getTime(), zone) / 60_000);
  const sign = minutes < 0 ? "\u2212" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `UTC${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}

/**
 * A zone as a time-zone picker lists it, named for the season of `at`: "Los Angeles · Pacific Standard Time
 * (UTC−08:00)" in November, "Los Angeles · Pacific Daylight Time (UTC−07:00)" in July. A zone with no name of its
 * own reads "Bougainville (UTC+11:00)".
 */
export function zoneChoiceLabel(at: Date, timeZone: string): string {
  const zone = validTimeZone(timeZone) ?? FALLBACK_TIME_ZONE;
  if (isUtc(zone)) return "UTC";
  const city = (zone.split("/").pop() ?? zone).replace(/_/g, " ");
  const long = zoneNamePart("en-US", zone, "long", at);
  const offset = zoneOffsetText(at, zone);
  return long && !OFFSET_ONLY.test(long) ? `${city} · ${long} (${offset})` : `${city} (${offset})`;
}

export type ZoneOption = { value: string; label: string };

/**
 * Every zone the runtime knows, in its current spelling, labelled by its city, its name and its offset as they are
 * at `now` ("Kolkata · India Standard Time (UTC+05:30)", "Los Angeles · Pacific Daylight Time (UTC−07:00)" in
 * July), sorted by label. Built on the server (the browser's list may differ, and the select must render the same
 * on both sides), once per hour per isolate: names and offsets change with daylight saving.
 */
const HOUR_MS = 3_600_000;
let cached: { hour: number; options: ZoneOption[] } | undefined;
export function timeZoneOptions(now = new Date()): ZoneOption[] {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  if (cached?.hour === hour) return cached.options;
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(["UTC", ...known.map((zone) => CURRENT_ZONE_NAMES[zone] ?? zone)]);
  const options = [...zones]
    .map((zone) => ({ value: zone, label: zoneChoiceLabel(now, zone) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  cached = { hour, options };
  return options;
}
