import type { Viewer } from "~/features/access";
import { ensureFeedKey, mayHoldFeedKey, regenerateFeedKey } from "~/features/feeds/index.server";
import { CALENDAR_FEED_PATH } from "./feed-url";

/** The two spellings of a calendar subscription: webcal: (opens the calendar app) and https (to paste). */
export type CalendarFeedUrls = { webcal: string; https: string };

function calendarFeedUrls(origin: string, key: string): CalendarFeedUrls {
  const https = `${origin}${CALENDAR_FEED_PATH}/${key}.ics`;
  return { https, webcal: https.replace(/^https?:\/\//, "webcal://") };
}

/** The viewer's own subscription URLs (the key is made on first use). */
export async function myCalendarFeed(env: Env, viewer: Viewer, origin: string): Promise<CalendarFeedUrls | null> {
  // An account that may not hold one (deactivated) sees its page without the card, not an error.
  if (!mayHoldFeedKey(viewer, "calendar")) return null;
  return calendarFeedUrls(origin, await ensureFeedKey(env, viewer, "calendar"));
}

/** A new subscription URL for the viewer; the old one answers 404 from now on. */
export async function regenerateMyCalendarFeed(env: Env, viewer: Viewer, origin: string): Promise<CalendarFeedUrls> {
  return calendarFeedUrls(origin, await regenerateFeedKey(env, viewer, "calendar"));
}

/** The key in a feed file name (`<key>.ics`), or null. */
export function keyOfFeedFile(file: string): string | null {
  return file.endsWith(".ics") ? file.slice(0, -".ics".length) : null;
}
