import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { TurnstileWidget } from "~/components/turnstile";
import { canOpenAdmin } from "~/features/access";
import { AuthCard, adminLoginSchema, FormErrors, PasswordField, primaryButton } from "~/features/auth";
import { getViewer, logIn, startSession } from "~/features/auth/index.server";
import { safeReturnPath } from "~/lib/return-path";
import { Field, inputClass } from "~/lib/ui/field";
import { clientIp, envOf } from "~/platform/http.server";
import { type TurnstileWidget as BotCheckWidget, humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { loginBotCheckWidget } from "~/routes/_lib/bot-check.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/login";

export const meta = () => [{ title: "Staff login | Noobrd" }];

/** Where to go after logging in: the staff page that sent the visitor here, or the dashboard. */
function staffLanding(request: Request): string {
  const asked = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  return asked?.startsWith("/admin/") && !asked.startsWith("/admin/login") ? asked : "/admin/dashboard";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (canOpenAdmin(await getViewer(request, envOf(context)))) throw redirect(staffLanding(request));
  return null;
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export const action = pageAction({
  guard: anyone,
  intents: {
    login: {
      schema: adminLoginSchema,
      run: ({ username: email, password, "cf-turnstile-response": token }, { env, request }) =>
        logIn(env, { email, password, "cf-turnstile-response": token }, humanCheckSite(request, env), {
          staffOnly: true,
        }),
      success: async (result, { request, env }) => ({
        to: staffLanding(request),
        headers: { "Set-Cookie": await startSession(request, env, result.userId, clientIp(request, env)) },
      }),
      hideFields: ["password"],
      // After a few failures the next try needs the bot check (docs/decisions/033): the form comes back with it.
      also: async ({ request, env, formData }) => ({
        turnstile: await loginBotCheckWidget(request, env, String(formData.get("username") ?? "")),
      }),
    },
  },
  otherwise: "login",
});

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  // A refused login comes back with the bot check after a few failures (the action's `also`, docs/decisions/033).
  const botCheck = (actionData as { turnstile?: BotCheckWidget | null } | undefined)?.turnstile ?? null;
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });
  return (
    <AuthCard title="Staff login" lead="For Noobrd staff accounts.">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" id={fields.username.id} errors={fields.username.errors}>
          <input
            {...getInputProps(fields.username, { type: "email" })}
            autoComplete="username"
            className={inputClass}
          />
        </Field>
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        {botCheck ? <TurnstileWidget widget={botCheck} /> : null}
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton}>
          Log in
        </button>
      </Form>
    </AuthCard>
  );
}
