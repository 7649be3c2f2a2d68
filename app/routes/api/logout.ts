import { AUTH_COPY } from "~/features/auth";
import { destroySession } from "~/features/auth/index.server";
import { envOf, isSameOrigin, isSameOriginStrict, jsonError, publicOrigin } from "~/platform/http.server";
import type { Route } from "./+types/logout";

const CROSS_ORIGIN = "Cross-origin request refused";

async function logOut(request: Request, env: Env) {
  const clear = await destroySession(request, env);
  return Response.json({ success: true, message: AUTH_COPY.loggedOut }, { headers: { "Set-Cookie": clear } });
}

/**
 * GET /api/logout (docs/domain.md): ends the session and tells the client to clear its store, only for a request the
 * browser marks same-origin or whose Origin is the app's: any page can embed a GET, so no other GET logs anyone out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  if (!isSameOriginStrict(request, publicOrigin(request, env))) return jsonError(403, CROSS_ORIGIN);
  return logOut(request, env);
}

/** POST /api/logout: the same, for the app's own pages and API clients (bearer tokens); cross-site posts refused. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  if (!isSameOrigin(request)) return jsonError(403, CROSS_ORIGIN);
  return logOut(request, envOf(context));
}
