import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AUTH_COPY, AuthCard, CodeField, FormErrors, otpSchema, primaryButton } from "~/features/auth";
import { confirmEmailChange } from "~/features/auth/index.server";
import { clientIp, envOf } from "~/platform/http.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/change-email-verify";

export const meta = () => [{ title: "Confirm your new email | Noobrd" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, envOf(context));
  return { email: params.email };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** /change-email/verifyotp/:token/:email: the code sent to the new address makes it the account's email. */
export const action = pageAction({
  guard: signedIn,
  intents: {
    verify: {
      schema: otpSchema,
      run: (value, { env, viewer, request, params }) =>
        confirmEmailChange(
          env,
          viewer.id,
          { handle: params.token ?? "", email: params.email ?? "", otp: value.otp },
          { ip: clientIp(request, env) },
        ),
      success: () => ({ to: "/profile", message: AUTH_COPY.emailChanged }),
      shownFields: ["otp"],
    },
  },
  otherwise: "verify",
});

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
