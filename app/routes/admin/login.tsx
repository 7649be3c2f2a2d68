import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { TurnstileWidget } from "~/components/turnstile";
import { canOpenAdmin } from "~/features/access";
import { AuthCard, adminLoginSchema, FormErrors, PasswordField, primaryButton } from "~/features/auth";
import { getViewer, logIn, startSession } from "~/features/auth/index.server";
import { safeReturnPath } from "~/lib/return-path";
import { Field, inputClass } from "~/lib/ui/field";
import { clientIp, envOf } from "~/platform/http.server";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { loginBotCheckWidget } from "~/routes/_lib/bot-check.server";
import { refusalHeaders, replyTo, runForForm } from "~/routes/_lib/form.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  const submission = parseWithZod(await request.formData(), { schema: adminLoginSchema });
  if (submission.status !== "success")
    return data({ result: replyTo(submission, { hideFields: ["password"] }), turnstile: null }, { status: 400 });
  const ip = clientIp(request, env);
  const { username: email, password } = submission.value;
  const input = { email, password, "cf-turnstile-response": submission.value["cf-turnstile-response"] };
  const attempt = await runForForm(
    submission,
    () => logIn(env, input, humanCheckSite(request, env), { staffOnly: true }),
    { hideFields: ["password"] },
  );
  if (!attempt.ok) {
    // After a few failures the next try needs the bot check (docs/decisions/033).
    const turnstile = await loginBotCheckWidget(request, env, email);
    return data({ result: attempt.failure.result, turnstile }, attempt.init);
  }
  const result = attempt.value;
  const cookie = await startSession(request, env, result.userId, ip);
  return redirect(staffLanding(request), { headers: { "Set-Cookie": cookie } });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
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
        {actionData?.turnstile ? <TurnstileWidget widget={actionData.turnstile} /> : null}
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton}>
          Log in
        </button>
      </Form>
    </AuthCard>
  );
}
