import type { DateTime, EventAttributes } from "ics";
import { icsText } from "./ics-text";

/** An instant as the ics library's UTC date-time parts (minutes). */
export const utcParts = (date: Date): DateTime => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/**
 * What every calendar event of ours says, in an invite as in the feed: its UID, its text (escaped once, ics-text.ts),
 * its link, its times in UTC, and whether it stands (CONFIRMED, busy) or was cancelled (CANCELLED, free).
 */
export function icsEventCore(input: {
  uid: string;
  title: string;
  description: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
}): EventAttributes {
  return {
    uid: input.uid,
    title: icsText(input.title),
    description: icsText(input.description),
    url: input.url,
    start: utcParts(input.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcParts(input.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    status: input.cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: input.cancelled ? "FREE" : "BUSY",
  };
}
