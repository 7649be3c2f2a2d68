import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AUTH_COPY, AuthCard, FormErrors, newPasswordSchema, PasswordField, primaryButton } from "~/features/auth";
import { resetPassword, setStreamerPassword, startSession } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/reset-password";

/**
 * One screen for /reset-password/:token (forgotten password) and /streamer-password-setup/:email?token=
 * (a streamer registered by staff sets a first password). Both end logged in: a fan on /, the new streamer on their
 * dashboard, where their work starts.
 */
export const meta = () => [{ title: "Choose a password | Noobrd" }];

function setupKind(params: { token?: string; email?: string }) {
  return params.email ? "streamer" : "reset";
}

export function loader({ params }: Route.LoaderArgs) {
  return { kind: setupKind(params), email: params.email ?? null };
}

export const action = pageAction({
  guard: anyone,
  intents: {
    reset: {
      schema: newPasswordSchema,
      run: ({ newPassword }, { env, request, params }) => {
        const token = params.token ?? new URL(request.url).searchParams.get("token") ?? "";
        return params.email
          ? setStreamerPassword(env, params.email, token, newPassword)
          : resetPassword(env, token, newPassword);
      },
      success: async (result, { request, env, params }) =>
        redirectWithToast(
          env,
          params.email ? "/influencer/dashboard" : "/",
          { kind: "success", message: AUTH_COPY.passwordUpdated },
          { "Set-Cookie": await startSession(request, env, result.userId, clientIp(request, env)) },
        ),
      hideFields: ["newPassword", "confirmPassword"],
    },
  },
  otherwise: "reset",
});

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const streamer = loaderData.kind === "streamer";
  return (
    <AuthCard
      title={streamer ? "Set up your password" : "Choose a new password"}
      lead={streamer ? `Welcome to Noobrd! Choose the password for ${loaderData.email}.` : undefined}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField field={fields.newPassword} label="New password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label="Confirm password" autoComplete="new-password" />
        <button type="submit" className={primaryButton}>
          Save password
        </button>
      </Form>
    </AuthCard>
  );
}
