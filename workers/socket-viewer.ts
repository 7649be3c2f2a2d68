import type { Viewer } from "../app/features/access";

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
