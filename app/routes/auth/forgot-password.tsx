import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { TurnstileWidget } from "~/components/turnstile";
import { AuthCard, EmailField, FormErrors, forgotPasswordSchema, primaryButton } from "~/features/auth";
import { forgotPassword } from "~/features/auth/index.server";
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { turnstileWidget } from "~/platform/turnstile/turnstile.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: "Forgot password | Noobrd" }];

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export const action = pageAction({
  guard: anyone,
  intents: {
    forgot: {
      schema: forgotPasswordSchema,
      run: (value, { env, request }) => {
        const origin = publicOrigin(request, env);
        return forgotPassword(env, value, { ip: clientIp(request, env), origin, hostname: new URL(origin).hostname });
      },
      success: (sent) => ({ stay: { sent: sent.message }, reset: true }),
    },
  },
  otherwise: "forgot",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  return { turnstile: await turnstileWidget(env, "reset", new URL(publicOrigin(request, env)).hostname) };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const sent = (actionData as { sent?: string } | undefined)?.sent;
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthCard title="Forgot your password?" lead="Enter your email and we will send you a link to choose a new one.">
      {sent ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-500/40 bg-emerald-950 px-3 py-2 text-sm">
          {sent}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} label="Email" />
        <TurnstileWidget widget={loaderData.turnstile} />
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton}>
          Send reset link
        </button>
      </Form>
      <Link to="/login" className="mt-6 inline-block text-sm text-zinc-400 hover:text-white">
        Back to log in
      </Link>
    </AuthCard>
  );
}
