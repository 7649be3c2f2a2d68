import { AUTH_COPY, passwordSchema } from "~/features/auth";
import { resetPassword, setStreamerPassword } from "~/features/auth/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/auth/reset_password/:token { newPassword } and
 * POST /api/auth/set-streamer-password/:email { token, newPassword }.
 */
export const action = jsonAction(
  { schema: z.object({ newPassword: passwordSchema, token: z.string().optional() }) },
  async ({ env, params, input }) => {
    if (params.email) await setStreamerPassword(env, params.email, input.token ?? "", input.newPassword);
    else await resetPassword(env, params.token ?? "", input.newPassword);
    return { message: AUTH_COPY.passwordUpdated };
  },
);
