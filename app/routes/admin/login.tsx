import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { canOpenAdmin } from "~/features/access";
import { AuthCard, adminLoginSchema, FormErrors, PasswordField, primaryButton } from "~/features/auth";
import { getViewer, logIn, startSession } from "~/features/auth/index.server";
import { safeReturnPath } from "~/lib/return-path";
import { Field, inputClass } from "~/lib/ui/field";
import { clientIp, envOf } from "~/platform/http.server";
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
      run: ({ username: email, password }, { env, request }) =>
        logIn(env, { email, password }, { ip: clientIp(request, env) }, { staffOnly: true }),
      success: async (result, { request, env }) => ({
        to: staffLanding(request),
        headers: { "Set-Cookie": await startSession(request, env, result.userId, clientIp(request, env)) },
      }),
      hideFields: ["password"],
    },
  },
  otherwise: "login",
});

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
        <button type="submit" className={primaryButton}>
          Log in
        </button>
      </Form>
    </AuthCard>
  );
}
