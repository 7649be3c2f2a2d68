import type { Viewer } from "../app/features/access";
import { QUEUE_LANES, type QueueLane } from "../app/features/live";

/**
 * The viewer of a socket, as the Worker authenticated it (workers/sockets.ts) and handed it to the Durable
 * Object in this header. The Worker deletes whatever a client sent under this name first; only the Worker can
 * reach the objects, so the object trusts it.
 */
export const VIEWER_HEADER = "x-noobrd-viewer";

/**
 * Set by the Worker (and only by it, after deleting any client copy) on a socket it admitted by the streamer's
 * overlay key: such a socket is sent public queue data only (workers/live-session.ts).
 */
export const OVERLAY_HEADER = "x-noobrd-overlay";

export function isOverlayRequest(request: Request): boolean {
  return request.headers.get(OVERLAY_HEADER) === "1";
}

export function viewerOfRequest(request: Request): Viewer | null {
  const raw = request.headers.get(VIEWER_HEADER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Viewer;
  } catch {
    return null;
  }
}

export type ClientFrame = { event?: unknown; data?: unknown; ack?: unknown };

export function parseFrame(message: string | ArrayBuffer | ArrayBufferView): ClientFrame | null {
  if (typeof message !== "string") return null;
  try {
    const frame = JSON.parse(message) as unknown;
    return frame && typeof frame === "object" ? (frame as ClientFrame) : null;
  } catch {
    return null;
  }
}

export type SocketState = {
  viewer: Viewer | null;
  role: "streamer" | "fan" | "anonymous" | "overlay";
  /** The lanes the streamer's dashboard shows whole (`?all=`, app/features/live/lanes.ts); each other is cut. */
  whole?: readonly QueueLane[];
};

/** The tag of a lane the socket's dashboard shows whole. */
export const WHOLE_TAG = "whole:";

/** The tag that says since when a fan's socket is open (ms): their presence on the live page. */
export const SINCE_TAG = "since:";

/**
 * A socket's view from its tags (`getConnectionTags`): only its role and user id matter to the frame it is sent.
 * The viewer's other fields are not read by `#frameFor`.
 */
export function socketOfTags(
  tags: readonly string[],
  streamerId: string | null,
): Pick<SocketState, "role" | "whole"> & {
  viewer: { id: string } | null;
} {
  if (tags.includes("overlay")) return { role: "overlay", viewer: null };
  const user = tags.find((tag) => tag.startsWith("user:"));
  if (!user) return { role: "anonymous", viewer: null };
  const id = user.slice("user:".length);
  if (id !== streamerId) return { role: "fan", viewer: { id } };
  const whole = QUEUE_LANES.filter((lane) => tags.includes(`${WHOLE_TAG}${lane}`));
  return { role: "streamer", viewer: { id }, whole };
}

/**
 * Which fans have the live page open, and since when (their oldest open socket), from the sockets' tags: what the
 * streamer's queue dashboard shows as a dot per fan, and whether a called fan is there for their ready check.
 */
export function presenceOf(sockets: readonly WebSocket[], tagsOf: (ws: WebSocket) => string[]): Map<string, number> {
  const presence = new Map<string, number>();
  for (const ws of sockets) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    let user: string | null = null;
    let since = Number.POSITIVE_INFINITY;
    for (const tag of tagsOf(ws)) {
      if (tag.startsWith("user:")) user = tag.slice("user:".length);
      else if (tag.startsWith(SINCE_TAG)) since = Number(tag.slice(SINCE_TAG.length));
    }
    if (user && Number.isFinite(since)) presence.set(user, Math.min(presence.get(user) ?? since, since));
  }
  return presence;
}
