import { routePartykitRequest } from "partyserver";
import { getAuth } from "../app/features/auth/index.server";
import { overlayMayWatch } from "../app/features/overlay/index.server";
import { isSameOrigin } from "../app/platform/http.server";
import { LIVE_WATCHER_SHARDS, WATCH_SESSION_HEADER, WATCH_SHARD_HEADER, watcherShardName } from "./live-watchers";
import { OVERLAY_HEADER, VIEWER_HEADER } from "./socket-viewer";

/**
 * The sockets' door: /parties/live-session/<id> and /parties/user-hub/<userId> (partyserver's routing). Only
 * WebSocket upgrades from this site's own pages pass; the Worker authenticates the cookie (or bearer token)
 * and hands the viewer to the object in VIEWER_HEADER, after deleting any such header the client sent. A user's
 * hub admits that user only. Anonymous viewers may watch a live session's counts. A stream overlay (OBS, no login)
 * connects to a live session with `?overlay=<key>`: admitted only when the key is the session's streamer's
 * current overlay key (else 404), and marked with OVERLAY_HEADER, never with a viewer. A signed-out watcher of a
 * live session goes to one of its watcher shards (workers/live-watchers.ts), picked at random, not to the session's
 * object: a big stream's watchers are spread over LIVE_WATCHER_SHARDS objects.
 */
export function routeSockets(request: Request, env: Env): Promise<Response | null> {
  // Env in tests carries extra bindings (tests/env.d.ts); partyserver types against that global Env.
  return routePartykitRequest(request, env as unknown as Cloudflare.Env, {
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
    onBeforeConnect: async (req, lobby) => {
      if (!isSameOrigin(req)) return new Response("Cross-origin socket refused", { status: 403 });
      const headers = new Headers(req.headers);
      headers.delete(VIEWER_HEADER);
      headers.delete(OVERLAY_HEADER);
      const overlayKey = new URL(req.url).searchParams.get("overlay");
      if (overlayKey !== null) {
        if (lobby.className !== "LIVE_SESSION" || !(await overlayMayWatch(env, overlayKey, lobby.name))) {
          return new Response("Not found", { status: 404 });
        }
        headers.set(OVERLAY_HEADER, "1");
        return new Request(req, { headers });
      }
      const auth = await getAuth(req, env);
      if (lobby.className === "USER_HUB" && auth?.viewer.id !== lobby.name) {
        return new Response("Forbidden", { status: 403 });
      }
      if (auth) headers.set(VIEWER_HEADER, JSON.stringify(auth.viewer));
      else if (lobby.className === "LIVE_SESSION") return watchOnShard(req, env, lobby.name);
      return new Request(req, { headers });
    },
  });
}

/** A signed-out watcher's socket, handed to a shard of the session's watchers chosen at random. */
function watchOnShard(request: Request, env: Env, liveSessionId: string): Promise<Response> {
  const shard = Math.floor(Math.random() * LIVE_WATCHER_SHARDS);
  const headers = new Headers({ Upgrade: "websocket" });
  headers.set(WATCH_SESSION_HEADER, liveSessionId);
  headers.set(WATCH_SHARD_HEADER, String(shard));
  for (const name of ["Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Extensions"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return env.LIVE_WATCHERS.getByName(watcherShardName(liveSessionId, shard)).fetch(request.url, { headers });
}
