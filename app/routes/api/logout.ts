import { AUTH_MESSAGES } from "~/features/auth";
import { destroySession } from "~/features/auth/index.server";
import { envOf, isSameOrigin, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/logout";

/** GET /api/logout (docs/domain.md): ends the session and tells the client to clear its store. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A GET that changes state: refuse it from other sites so a link elsewhere cannot log users out.
  if (!isSameOrigin(request)) return jsonError(403, "Cross-origin request refused");
  const clear = await destroySession(request, envOf(context));
  return Response.json({ success: true, message: AUTH_MESSAGES.loggedOut }, { headers: { "Set-Cookie": clear } });
}
