import { forgotPasswordSchema } from "~/features/auth";
import { forgotPassword } from "~/features/auth/index.server";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/forgot_password { email, cf-turnstile-response }: the same answer whether or not the address exists. */
export const action = jsonAction({ schema: forgotPasswordSchema }, async ({ request, env, input }) => {
  const origin = publicOrigin(request, env);
  return await forgotPassword(env, input, { ip: clientIp(request, env), origin, hostname: new URL(origin).hostname });
});
