import { adminLoginSchema } from "~/features/auth";
import { logIn, startSession } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/login { username, password }: active staff only; anyone else gets "User not found". */
export const action = jsonAction({ schema: adminLoginSchema }, async ({ request, env, input }) => {
  const result = await logIn(
    env,
    { email: input.username, password: input.password, "cf-turnstile-response": input["cf-turnstile-response"] },
    humanCheckSite(request, env),
    { staffOnly: true },
  );
  const cookie = await startSession(request, env, result.userId, clientIp(request, env));
  return jsonOk({ userId: result.userId, redirectTo: "/admin/dashboard" }, { "Set-Cookie": cookie });
});
