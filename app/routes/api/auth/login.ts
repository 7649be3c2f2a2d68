import { afterLoginPath } from "~/features/access";
import { loginSchema } from "~/features/auth";
import { logIn, startSession } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/**
 * POST /auth/login: starts a browser session and says where to go next. After a few failed logins (docs/decisions/033)
 * it needs `cf-turnstile-response` too: without a passing one, 403 with `reason: "turnstile"`.
 */
export const action = jsonAction({ schema: loginSchema }, async ({ request, env, input }) => {
  const result = await logIn(env, input, humanCheckSite(request, env));
  const cookie = await startSession(request, env, result.userId, clientIp(request, env));
  const redirectTo = afterLoginPath(result.isStreamer, input.redirectTo);
  return jsonOk({ userId: result.userId, redirectTo }, { "Set-Cookie": cookie });
});
