import { startSession } from "~/features/auth/session.server";
import { clearHandoffCookie, readHandoffToken, redeemLoginHandoff } from "~/features/auth/social.server";
import { clientIp, envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/custom-redirection";

/**
 * /google-discord-user/save-user-data/custom-redirection/:id/:accessToken/:refreshToken (SPEC.md section 2).
 * The path is kept for the old client, but its segments are no credentials: they carry a hand-off that
 * works once, for two minutes, in the browser that signed in (docs/decisions/006). It is exchanged here
 * for a session, and the browser goes on to its return path.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  headers.append("Set-Cookie", await clearHandoffCookie(env));
  const result = await redeemLoginHandoff(env, {
    userId: params.id,
    handoffId: params.accessToken,
    code: params.refreshToken,
    cookieToken: await readHandoffToken(request, env),
  });
  if (!result.ok) return redirectWithToast(env, "/login", { kind: "error", message: result.message }, headers);
  headers.append("Set-Cookie", await startSession(request, env, result.userId, clientIp(request)));
  headers.set("Location", result.location);
  return new Response(null, { status: 302, headers });
}
