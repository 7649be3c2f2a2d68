import type { StreamerPayload } from "./events";
import type { QueueLane } from "./schema";

/**
 * Rows a lane shows until the streamer asks for all of it (`?all=<lane>`, a plain link): with a thousand fans queued
 * the page stays light on a phone, and the forms below the lanes stay within reach.
 */
export const LANE_ROWS_SHOWN = 50;

/** The queue's lanes, in the dashboard's order. */
export const QUEUE_LANES = ["vip", "regular"] as const satisfies readonly QueueLane[];

/**
 * The lanes the streamer asked to see whole: `?all=<lane>`, repeated on the page's address, or one `?all=vip,regular`
 * on the dashboard's socket.
 */
export function wholeLanesOf(searchParams: URLSearchParams): QueueLane[] {
  const asked = searchParams.getAll("all").flatMap((value) => value.split(","));
  return QUEUE_LANES.filter((lane) => asked.includes(lane));
}

/**
 * The streamer's view with each lane cut to the rows it shows, but for the lanes asked for whole: what the dashboard's
 * page data and its socket's frames carry (with a thousand fans queued the whole view was ~250 KB, reloaded after every
 * button and sent after every change). The counts stay whole.
 */
export function firstRowsOfLanes(payload: StreamerPayload, whole: readonly QueueLane[]): StreamerPayload {
  const kept: Record<QueueLane, number> = { vip: 0, regular: 0 };
  const entries = payload.entries.filter((entry) => {
    if (whole.includes(entry.lane)) return true;
    kept[entry.lane] += 1;
    return kept[entry.lane] <= LANE_ROWS_SHOWN;
  });
  return { ...payload, entries };
}
