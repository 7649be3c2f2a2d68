import type { OverlayPayload, PublicPlace, PublicQueuePayload } from "./events";
import { estimatedWaitMinutes, linePositions, turnMinutes } from "./line";
import type { QueueRow, QueueSessionInfo } from "./snapshot.server";

/** How many places the public view lists (the rest are counted): a broadcast sends it to every socket. */
export const PUBLIC_QUEUE_MAX = 25;
const OVERLAY_NEXT_COUNT = 5;

type Common = { liveSessionId: string; version: number; ended: boolean };

/**
 * The queue as anyone may see it, logged in or not (the live page's public list and the stream overlay): those in
 * game, then the line in order of service, each by a public name only (the gamer tag, else the username), VIP
 * places marked, with the place in line (line.ts) and the estimated wait. Never ids or emails: it is public. The one
 * builder of what the public sees; the overlay's view is made from it.
 */
export function publicQueue(
  common: Common,
  entries: readonly (Pick<QueueRow, "id" | "username" | "gamertag" | "lane" | "state"> &
    Partial<Pick<QueueRow, "source">>)[],
  session: Pick<QueueSessionInfo, "durationMinutes" | "playersPerGame"> | null,
  turnsMs: readonly number[],
  positions: ReadonlyMap<string, number> = linePositions(entries),
): PublicQueuePayload {
  const turn = session ? turnMinutes(turnsMs, session.durationMinutes) : 0;
  const playing = entries.filter((entry) => entry.state === "in_game");
  const line = entries
    .filter((entry) => entry.state !== "in_game")
    .sort((a, b) => (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0));
  const place = (entry: (typeof entries)[number]): PublicPlace => {
    const position = positions.get(entry.id) ?? null;
    return {
      name: entry.gamertag?.trim() || entry.username,
      vip: entry.lane === "vip",
      line: position,
      source: entry.source ?? "web",
      waitMinutes:
        entry.state === "waiting" && position !== null && session
          ? estimatedWaitMinutes({
              ahead: playing.length + position - 1,
              playersPerGame: session.playersPerGame,
              turnMinutes: turn,
            })
          : null,
    };
  };
  return {
    ...common,
    playing: playing.map(place),
    line: line.slice(0, PUBLIC_QUEUE_MAX).map(place),
    inLine: line.length,
  };
}

/**
 * The stream overlay's view (docs/domain.md "Stream overlay"), made from the public view: who is in game, the next
 * five in line, how many are still to play; names, lanes and places in line only.
 */
export function overlayOf(view: PublicQueuePayload): OverlayPayload {
  const bare = ({ name, vip, line, source }: PublicPlace) => ({ name, vip, line, source });
  return {
    liveSessionId: view.liveSessionId,
    version: view.version,
    ended: view.ended,
    playing: view.playing.map(bare),
    next: view.line.slice(0, OVERLAY_NEXT_COUNT).map(bare),
    queueLength: view.inLine,
  };
}
