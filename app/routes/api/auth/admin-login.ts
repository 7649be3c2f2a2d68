import { logIn } from "~/features/auth/accounts.server";
import { adminLoginSchema } from "~/features/auth/schema";
import { startSession } from "~/features/auth/session.server";
import { clientIp } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/login { username, password }: active staff only; anyone else gets "User not found". */
export const action = jsonAction({ schema: adminLoginSchema }, async ({ request, env, input }) => {
  const result = await logIn(
    env,
    { email: input.username, password: input.password },
    { ip: clientIp(request) },
    { staffOnly: true },
  );
  const cookie = await startSession(request, env, result.userId, clientIp(request));
  return jsonOk({ userId: result.userId, redirectTo: "/admin/dashboard" }, { "Set-Cookie": cookie });
});
