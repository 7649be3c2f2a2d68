import { AUTH_COPY, changeEmailSchema, otpSchema } from "~/features/auth";
import { confirmEmailChange } from "~/features/auth/index.server";
import { z } from "~/lib/zod";
import { clientIp } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/auth/change-email-verify_otp/ { email, token, otp } */
export const action = jsonAction(
  {
    schema: otpSchema
      .extend(changeEmailSchema.shape)
      .extend({ token: z.string({ error: "token is required" }).min(1, "token is required") }),
    auth: true,
  },
  async ({ request, env, input, viewer }) => {
    await confirmEmailChange(
      env,
      viewer.id,
      { handle: input.token, email: input.email, otp: input.otp },
      { ip: clientIp(request, env) },
    );
    return { message: AUTH_COPY.emailChanged };
  },
);
