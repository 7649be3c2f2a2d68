import { firstRowsOfLanes, LIVE_EVENTS } from "../app/features/live";
import type { LiveBroadcast } from "../app/features/live/index.server";
import type { WatcherFrames } from "./live-watchers";
import type { SocketState } from "./socket-viewer";

/** What a socket's frame depends on: its role and, for a fan, who they are. */
export type FrameSocket = {
  role: SocketState["role"];
  viewer: { id: string } | null;
  whole?: SocketState["whole"];
} | null;

/**
 * The frames of one broadcast state (workers/live-session.ts): each distinct view is built once, on the first socket
 * that needs it, and shared by every other socket with that view (a broadcast reaches thousands of sockets). The
 * streamer's view carries who is present, asked for only when that view is first built, and the lanes as their
 * dashboard shows them.
 */
export class BroadcastFrames {
  readonly #cache = new Map<string, string>();

  constructor(
    readonly state: LiveBroadcast,
    readonly presence: () => ReadonlyMap<string, number>,
  ) {}

  #frame(key: string, build: () => string): string {
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const frame = build();
    this.#cache.set(key, frame);
    return frame;
  }

  /** The socket's own view: the overlay's, the streamer's whole queue, or a fan's (or an anonymous viewer's) place. */
  view(socket: FrameSocket): string {
    const state = this.state;
    if (socket?.role === "overlay") {
      return this.#frame("overlay", () => JSON.stringify({ event: LIVE_EVENTS.overlay, data: state.overlayPayload() }));
    }
    if (socket?.role === "streamer") {
      // Each lane's first rows, or all of it where the dashboard asked (app/features/live/lanes.ts).
      const whole = socket.whole ?? [];
      return this.#frame(`streamer:${whole.join(",")}`, () =>
        JSON.stringify({
          event: LIVE_EVENTS.influencer,
          data: firstRowsOfLanes(state.streamerPayload(this.presence()), whole),
        }),
      );
    }
    const key = socket?.viewer?.id ?? "";
    return this.#frame(`fan:${key}`, () =>
      JSON.stringify({ event: LIVE_EVENTS.updateUser, data: state.fanPayload(key || null) }),
    );
  }

  /** Fans and anonymous viewers also get the public queue (one frame for all of them). */
  publicView(socket: FrameSocket): string | null {
    if (socket?.role === "overlay" || socket?.role === "streamer") return null;
    return this.#frame("public", () =>
      JSON.stringify({ event: LIVE_EVENTS.publicQueue, data: this.state.publicPayload() }),
    );
  }

  /** Sends one socket its view (and, for a fan or an anonymous viewer, the public queue). */
  sendTo(send: (frame: string) => void, socket: FrameSocket) {
    send(this.view(socket));
    const publicFrame = this.publicView(socket);
    if (publicFrame) send(publicFrame);
  }
}

/** The frames every signed-out watcher is sent (workers/live-watchers.ts): the anonymous view and the public queue. */
export function watcherFrames(state: LiveBroadcast): WatcherFrames {
  const frames: string[] = [];
  new BroadcastFrames(state, () => new Map()).sendTo((frame) => frames.push(frame), {
    role: "anonymous",
    viewer: null,
  });
  return { version: state.version, frames };
}
