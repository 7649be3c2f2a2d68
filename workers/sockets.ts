import { routePartykitRequest } from "partyserver";
import { getAuth } from "../app/features/auth/session.server";
import { isSameOrigin } from "../app/platform/http.server";
import { VIEWER_HEADER } from "./socket-viewer";

/**
 * The sockets' door: /parties/live-session/<id> and /parties/user-hub/<userId> (partyserver's routing). Only
 * WebSocket upgrades from this site's own pages pass; the Worker authenticates the cookie (or bearer token)
 * and hands the viewer to the object in VIEWER_HEADER, after deleting any such header the client sent. A user's
 * hub admits that user only. Anonymous viewers may watch a live session's counts.
 */
export function routeSockets(request: Request, env: Env): Promise<Response | null> {
  // Env in tests carries extra bindings (tests/env.d.ts); partyserver types against that global Env.
  return routePartykitRequest(request, env as unknown as Cloudflare.Env, {
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
    onBeforeConnect: async (req, lobby) => {
      if (!isSameOrigin(req)) return new Response("Cross-origin socket refused", { status: 403 });
      const auth = await getAuth(req, env);
      if (lobby.className === "USER_HUB" && auth?.viewer.id !== lobby.name) {
        return new Response("Forbidden", { status: 403 });
      }
      const headers = new Headers(req.headers);
      headers.delete(VIEWER_HEADER);
      if (auth) headers.set(VIEWER_HEADER, JSON.stringify(auth.viewer));
      return new Request(req, { headers });
    },
  });
}
