import { signupSchema } from "~/features/auth";
import { signUp } from "~/features/auth/index.server";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /auth/signup: answers the code screen's handle (the email carries the code and the link). */
export const action = jsonAction(
  { schema: signupSchema },
  async ({ request, env, input }) =>
    await signUp(env, input, {
      ip: clientIp(request, env),
      origin: publicOrigin(request, env),
      hostname: new URL(publicOrigin(request, env)).hostname,
    }),
);
