import { codeHandleSchema, emailOnlySchema, otpSchema } from "~/features/auth";
import { confirmCaptureEmail, findCapture, SOCIAL_COPY, sendCaptureCode } from "~/features/auth/index.server";
import { clientIp, jsonError, publicOrigin } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

const saveEmailSchema = emailOnlySchema.extend({
  token: codeHandleSchema.optional(),
  otp: otpSchema.shape.otp.optional(),
});

/**
 * POST /api/auth/user/save-email/:id { email } then { email, token, otp }: the API side of /email-capture,
 * for the browser finishing a social sign-in of :id (its hand-off cookie). The first call emails a code and
 * answers its handle as `token`; the second confirms it, and the address becomes the account's email.
 */
export const action = jsonAction({ schema: saveEmailSchema }, async ({ request, env, params, input }) => {
  const userId = params.id ?? "";
  if (!(await findCapture(request, env, userId))) return jsonError(401, SOCIAL_COPY.expired);
  if (!input.token || !input.otp) {
    const sent = await sendCaptureCode(env, userId, input.email, {
      ip: clientIp(request, env),
      origin: publicOrigin(request, env),
    });
    return { token: sent.handle, message: SOCIAL_COPY.emailCodeSent };
  }
  const confirmed = await confirmCaptureEmail(
    env,
    userId,
    { email: input.email, handle: input.token, otp: input.otp },
    { ip: clientIp(request, env) },
  );
  const { account } = confirmed;
  const redirectTo = account.country ? null : `/country-capture/${encodeURIComponent(account.userId)}`;
  return jsonOk({ user: { _id: account.userId, email: account.email }, redirectTo });
});
