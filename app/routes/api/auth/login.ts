import { afterLoginPath } from "~/features/access";
import { loginSchema } from "~/features/auth";
import { logIn, startSession } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /auth/login: starts a browser session and says where to go next. */
export const action = jsonAction({ schema: loginSchema }, async ({ request, env, input }) => {
  const result = await logIn(env, input, { ip: clientIp(request, env) });
  const cookie = await startSession(request, env, result.userId, clientIp(request, env));
  const redirectTo = afterLoginPath(result.isStreamer, input.redirectTo);
  return jsonOk({ userId: result.userId, redirectTo }, { "Set-Cookie": cookie });
});
