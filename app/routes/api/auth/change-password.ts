import { AUTH_COPY, changePasswordSchema } from "~/features/auth";
import { changePassword, startSession } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /auth/change_password: every other session ends; this one is renewed. */
export const action = jsonAction(
  { schema: changePasswordSchema, auth: true },
  async ({ request, env, input, viewer }) => {
    await changePassword(env, viewer.id, input);
    const cookie = await startSession(request, env, viewer.id, clientIp(request, env));
    return jsonOk({ message: AUTH_COPY.passwordUpdated }, { "Set-Cookie": cookie });
  },
);
