import type { OverlayPayload, OverlayPlace } from "./events";
import { linePositions } from "./line";
import type { QueueRow } from "./snapshot.server";

export const OVERLAY_NEXT_COUNT = 5;

/**
 * The stream overlay's view of a queue (docs/domain.md "Stream overlay"): who is in game, the next five in order
 * of service (those called to play next first, then the waiting ones as the queue orders them: VIP lane first),
 * and how many are still to play. Built from the same snapshot as every other socket's view, and on purpose
 * from names and lanes only: it is shown on a public stream.
 */
export function overlayPayload(
  common: { liveSessionId: string; version: number; ended: boolean },
  entries: readonly Pick<QueueRow, "id" | "username" | "gamertag" | "lane" | "state">[],
  positions: ReadonlyMap<string, number> = linePositions(entries),
): OverlayPayload {
  const place = (entry: (typeof entries)[number]): OverlayPlace => ({
    name: entry.gamertag?.trim() || entry.username,
    vip: entry.lane === "vip",
    line: positions.get(entry.id) ?? null,
  });
  const playing = entries.filter((entry) => entry.state === "in_game");
  const called = entries.filter((entry) => entry.state === "playing_next");
  const waiting = entries.filter((entry) => entry.state === "waiting");
  return {
    ...common,
    playing: playing.map(place),
    next: [...called, ...waiting].slice(0, OVERLAY_NEXT_COUNT).map(place),
    queueLength: called.length + waiting.length,
  };
}
