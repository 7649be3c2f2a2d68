import { emailOnlySchema } from "~/features/auth";
import { resendVerification } from "~/features/auth/index.server";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/resend/verification { email }: the same answer whether or not the address exists. */
export const action = jsonAction({ schema: emailOnlySchema }, async ({ request, env, input }) => {
  const result = await resendVerification(env, input.email, {
    ip: clientIp(request, env),
    origin: publicOrigin(request, env),
  });
  return { message: result.message };
});
