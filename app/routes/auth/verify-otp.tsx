import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { AUTH_COPY, AuthCard, CodeField, FormErrors, otpSchema, primaryButton } from "~/features/auth";
import { resendVerification, startSession, verifyEmailByCode } from "~/features/auth/index.server";
import { clientIp, envOf, publicOrigin, retryAfter } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { refusalHeaders, replyTo, runForForm, settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/verify-otp";

export const meta = () => [{ title: "Enter your code | Noobrd" }];

export function loader({ params }: Route.LoaderArgs) {
  return { email: params.email };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** /signup/verifyotp/:token/:email: the code from the email, or a new email on request. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const env = envOf(context);
  const formData = await request.formData();
  const meta = { ip: clientIp(request, env), origin: publicOrigin(request, env) };
  if (formData.get("intent") === "resend") {
    const resent = await settle(resendVerification(env, params.email.toLowerCase(), meta));
    if (!resent.ok) {
      return data(
        { result: null, notice: resent.error.message },
        { status: resent.error.status, headers: retryAfter(resent.error) },
      );
    }
    throw redirect(`/signup/verifyotp/${resent.value.handle}/${encodeURIComponent(params.email)}?resent=1`);
  }
  const submission = parseWithZod(formData, { schema: otpSchema });
  if (submission.status !== "success") return data({ result: replyTo(submission), notice: null }, { status: 400 });
  const attempt = await runForForm(submission, () => verifyEmailByCode(env, params.token, submission.value.otp, meta));
  if (!attempt.ok) return data({ result: attempt.failure.result, notice: null }, attempt.init);
  const result = attempt.value;
  const cookie = await startSession(request, env, result.userId, meta.ip);
  return redirectWithToast(env, "/", { kind: "success", message: AUTH_COPY.verified }, { "Set-Cookie": cookie });
}

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
        {actionData?.notice ? (
          <p role="status" className="mb-3 text-sm text-zinc-300">
            {actionData.notice}
          </p>
        ) : null}
        <button type="submit" name="intent" value="resend" className="text-sm text-brand-400 hover:underline">
          Send me a new code
        </button>
      </Form>
    </AuthCard>
  );
}
