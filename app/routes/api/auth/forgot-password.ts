import { emailOnlySchema } from "~/features/auth";
import { forgotPassword } from "~/features/auth/index.server";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/forgot_password { email }: the same answer whether or not the address exists. */
export const action = jsonAction(
  { schema: emailOnlySchema },
  async ({ request, env, input }) =>
    await forgotPassword(env, input.email, { ip: clientIp(request, env), origin: publicOrigin(request, env) }),
);
