import { DurableObject } from "cloudflare:workers";
import { log } from "../app/platform/log.server";
import { parseFrame } from "./socket-viewer";

/**
 * How many objects share a live session's signed-out watchers. Each holds at most a few thousand sockets at
 * 20,000 watchers (docs/decisions/026-live-watchers-shards.md), so no single object sends every frame.
 */
export const LIVE_WATCHER_SHARDS = 16;

/** The resync frame a client sends after a reconnect (the live page's socket hook). */
const RESYNC = "resync";

/** The name of shard `shard` of a live session's watchers (`LIVE_WATCHERS.getByName`). */
export function watcherShardName(liveSessionId: string, shard: number): string {
  return `${liveSessionId}:${shard}`;
}

/** The frames of one version of the session, as every signed-out watcher is sent them. */
export type WatcherFrames = { version: number; frames: string[] };

/** The session and shard a socket request was sent to, set by the Worker (workers/sockets.ts) and only by it. */
export const WATCH_SESSION_HEADER = "x-noobrd-watch-session";
export const WATCH_SHARD_HEADER = "x-noobrd-watch-shard";

/**
 * One shard of a live session's signed-out watchers: it holds their hibernating sockets and relays the frames the
 * session's object (workers/live-session.ts) hands it, the same two frames for every socket (the anonymous view and
 * the public queue). It keeps no state of the queue: a new socket is sent the session's current frames, asked of
 * the session, which then knows this shard has watchers and includes it in every broadcast until it has none.
 */
export class LiveWatchers extends DurableObject<Env> {
  /** The latest frames relayed or read (lost on eviction: then asked of the session again). */
  #latest: WatcherFrames | null = null;

  /** Keeps the newer of what is held and `frames` (a relay and a read can cross), and answers which. */
  #keep(frames: WatcherFrames): WatcherFrames {
    if (!this.#latest || frames.version >= this.#latest.version) this.#latest = frames;
    return this.#latest;
  }

  override async fetch(request: Request): Promise<Response> {
    const liveSessionId = request.headers.get(WATCH_SESSION_HEADER);
    const shard = Number(request.headers.get(WATCH_SHARD_HEADER));
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !liveSessionId || !Number.isInteger(shard)) {
      return new Response("Not found", { status: 404 });
    }
    // A shard that already relays to open sockets is registered with the session and holds its latest frames.
    const current = this.#latest && this.#openSockets() > 0 ? this.#latest : await this.#current(liveSessionId, shard);
    if (!current) return new Response("Not found", { status: 404 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`session:${liveSessionId}`, `shard:${shard}`]);
    for (const frame of current.frames) server.send(frame);
    return new Response(null, { status: 101, webSocket: client });
  }

  #openSockets(): number {
    let open = 0;
    for (const ws of this.ctx.getWebSockets()) if (ws.readyState === WebSocket.OPEN) open++;
    return open;
  }

  /** The session's current frames, registering this shard with it (null when there is no such session). */
  async #current(liveSessionId: string, shard: number): Promise<WatcherFrames | null> {
    const read = await this.env.LIVE_SESSION.getByName(liveSessionId).watch(liveSessionId, shard);
    return read ? this.#keep(read) : null;
  }

  /** RPC from the session's object: send these frames to every socket here; answers how many sockets are open. */
  async relay(frames: WatcherFrames): Promise<number> {
    const latest = this.#keep(frames);
    let open = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      open++;
      try {
        if (latest === frames) for (const frame of frames.frames) ws.send(frame);
      } catch {
        // Closing right now; a reconnect is sent the current frames.
      }
    }
    return open;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (parseFrame(message)?.event !== RESYNC) return;
    let frames = this.#latest;
    if (!frames) {
      const tags = this.ctx.getTags(ws);
      const liveSessionId = tags.find((tag) => tag.startsWith("session:"))?.slice("session:".length);
      const shard = Number(tags.find((tag) => tag.startsWith("shard:"))?.slice("shard:".length));
      if (!liveSessionId) return;
      frames = await this.#current(liveSessionId, shard).catch((error: unknown) => {
        log.error("live.watchers_resync_failed", { liveSessionId, error });
        return null;
      });
    }
    for (const frame of frames?.frames ?? []) ws.send(frame);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "Closed");
    } catch {
      // Already closed.
    }
  }
}
