import { AUTH_COPY, otpSchema } from "~/features/auth";
import { startSession, verifyEmailByCode } from "~/features/auth/index.server";
import { z } from "~/lib/zod";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/verify_otp/ { token, otp }: token is the code screen's handle from sign-up. */
export const action = jsonAction(
  { schema: otpSchema.extend({ token: z.string().trim().min(1, "token is required") }) },
  async ({ request, env, input }) => {
    const meta = { ip: clientIp(request, env), origin: publicOrigin(request, env) };
    const result = await verifyEmailByCode(env, input.token, input.otp, meta);
    const cookie = await startSession(request, env, result.userId, meta.ip);
    return jsonOk({ userId: result.userId, message: AUTH_COPY.verified }, { "Set-Cookie": cookie });
  },
);
