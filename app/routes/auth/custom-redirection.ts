import {
  clearHandoffCookie,
  completeSocialSignIn,
  destroySession,
  readHandoffToken,
  sessionCookieHeader,
} from "~/features/auth/index.server";
import { clientIp, envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/custom-redirection";

/**
 * /google-discord-user/save-user-data/custom-redirection/:id/:accessToken/:refreshToken (docs/domain.md).
 * The path is kept for the old client, but its segments are no credentials: they carry a hand-off that
 * works once, for two minutes, in the browser that signed in (docs/decisions/006). completeSocialSignIn
 * exchanges it for a session; the browser gets the session cookie and goes on to its return path.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  headers.append("Set-Cookie", await clearHandoffCookie(env));
  const completed = await settle(
    completeSocialSignIn(
      env,
      {
        stage: "login",
        userId: params.id,
        handoffId: params.accessToken,
        code: params.refreshToken,
        cookieToken: await readHandoffToken(request, env),
      },
      { ip: clientIp(request, env), userAgent: request.headers.get("User-Agent") ?? undefined },
    ),
  );
  if (!completed.ok) {
    return redirectWithToast(env, "/login", { kind: "error", message: completed.error.message }, headers);
  }
  const result = completed.value;
  // Whatever session the browser carried ends (rotation); the new one is the signed-in user's.
  await destroySession(request, env);
  headers.append("Set-Cookie", await sessionCookieHeader(env, result.session.token));
  headers.set("Location", result.location);
  return new Response(null, { status: 302, headers });
}
