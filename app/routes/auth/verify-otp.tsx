import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AUTH_COPY, AuthCard, CodeField, FormErrors, otpSchema, primaryButton } from "~/features/auth";
import { resendVerification, startSession, verifyEmailByCode } from "~/features/auth/index.server";
import { z } from "~/lib/zod";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { anyone, pageAction, saysRefusal } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/verify-otp";

export const meta = () => [{ title: "Enter your code | Noobrd" }];

export function loader({ params }: Route.LoaderArgs) {
  return { email: params.email };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** /signup/verifyotp/:token/:email: the code from the email, or a new email on request. */
const metaOf = (request: Request, env: Env) => ({ ip: clientIp(request, env), origin: publicOrigin(request, env) });

export const action = pageAction({
  guard: anyone,
  intents: {
    resend: {
      schema: z.object({}),
      run: (_, { env, request, params }) =>
        resendVerification(env, (params.email ?? "").toLowerCase(), metaOf(request, env)),
      success: (resent, { params }) => ({
        to: `/signup/verifyotp/${resent.handle}/${encodeURIComponent(params.email ?? "")}?resent=1`,
      }),
      refused: (error) => saysRefusal(error),
    },
    verify: {
      schema: otpSchema,
      run: (value, { env, request, params }) =>
        verifyEmailByCode(env, params.token ?? "", value.otp, metaOf(request, env)),
      success: async (result, { request, env }) =>
        redirectWithToast(
          env,
          "/",
          { kind: "success", message: AUTH_COPY.verified },
          { "Set-Cookie": await startSession(request, env, result.userId, clientIp(request, env)) },
        ),
    },
  },
  otherwise: "verify",
});

export default function VerifyOtp({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "verify-otp",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
  });
  return (
    <AuthCard
      title="Check your email"
      lead={
        <>
          We sent a 6-digit code and a link to <strong className="text-zinc-200">{loaderData.email}</strong>. Enter the
          code, or open the link.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <CodeField field={fields.otp} label="Verification code" />
        <button type="submit" name="intent" value="verify" className={primaryButton}>
          Verify
        </button>
      </Form>
      <Form method="post" className="mt-4">
        {actionData?.error ? (
          <p role="status" className="mb-3 text-sm text-zinc-300">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="resend" className="text-sm text-brand-400 hover:underline">
          Send me a new code
        </button>
      </Form>
    </AuthCard>
  );
}
