import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AUTH_COPY, AuthCard, CodeField, FormErrors, otpSchema, primaryButton } from "~/features/auth";
import { confirmEmailChange } from "~/features/auth/index.server";
import { clientIp, envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { refusalHeaders, replyTo, runForForm } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/change-email-verify";

export const meta = () => [{ title: "Confirm your new email | Noobrd" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, envOf(context));
  return { email: params.email };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** /change-email/verifyotp/:token/:email: the code sent to the new address makes it the account's email. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const env = envOf(context);
  const viewer = await requireUser(request, env);
  const submission = parseWithZod(await request.formData(), { schema: otpSchema });
  if (submission.status !== "success") return data({ result: replyTo(submission) }, { status: 400 });
  const input = { handle: params.token, email: params.email, otp: submission.value.otp };
  const attempt = await runForForm(
    submission,
    () => confirmEmailChange(env, viewer.id, input, { ip: clientIp(request, env) }),
    {
      shownFields: ["otp"],
    },
  );
  if (!attempt.ok) return data({ result: attempt.failure.result }, attempt.init);
  return redirectWithToast(env, "/profile", { kind: "success", message: AUTH_COPY.emailChanged });
}

export default function ChangeEmailVerify({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "change-email-otp",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
  });
  return (
    <AuthCard title="Confirm your new email" lead={`We sent a 6-digit code to ${loaderData.email}.`}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <CodeField field={fields.otp} label="Code" />
        <button type="submit" className={primaryButton}>
          Confirm email
        </button>
      </Form>
    </AuthCard>
  );
}
