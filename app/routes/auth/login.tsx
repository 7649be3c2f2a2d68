import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { TurnstileWidget } from "~/components/turnstile";
import { afterLoginPath } from "~/features/access";
import {
  AuthCard,
  EmailField,
  emailOnlySchema,
  FormErrors,
  loginSchema,
  PasswordField,
  primaryButton,
  redirectToSchema,
  SocialButtons,
} from "~/features/auth";
import { getViewer, logIn, resendVerification, startSession } from "~/features/auth/index.server";
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { configuredProviders } from "~/platform/oauth/providers.server";
import { humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { loginBotCheckWidget } from "~/routes/_lib/bot-check.server";
import { refusalHeaders, replyTo, runForForm } from "~/routes/_lib/form.server";
import type { Route } from "./+types/login";

export const meta = () => [{ title: "Log in | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, envOf(context));
  if (viewer) {
    const redirectTo = redirectToSchema.parse(new URL(request.url).searchParams.get("redirectTo") ?? undefined);
    throw redirect(afterLoginPath(viewer.isStreamer, redirectTo));
  }
  return { providers: configuredProviders(envOf(context), publicOrigin(request, envOf(context))) };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  const formData = await request.formData();
  const ip = clientIp(request, env);
  if (formData.get("intent") === "resend") {
    const resend = parseWithZod(formData, { schema: emailOnlySchema });
    if (resend.status !== "success") return data({ result: null, unverified: false, turnstile: null }, { status: 400 });
    const email = resend.value.email;
    const resent = await runForForm(resend, () =>
      resendVerification(env, email, { ip, origin: publicOrigin(request, env) }),
    );
    if (!resent.ok) return data({ result: null, unverified: false, turnstile: null }, resent.init);
    throw redirect(`/signup/verifyotp/${resent.value.handle}/${encodeURIComponent(email)}`);
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    const result = replyTo(submission, { hideFields: ["password"] });
    return data({ result, unverified: false, turnstile: null }, { status: 400 });
  }
  const attempt = await runForForm(submission, () => logIn(env, submission.value, humanCheckSite(request, env)), {
    hideFields: ["password"],
  });
  if (!attempt.ok) {
    // After a few failures the next try needs the bot check (docs/decisions/033): the form comes back with it.
    const turnstile = await loginBotCheckWidget(request, env, submission.value.email);
    const unverified = attempt.failure.reason === "unverified";
    return data({ result: attempt.failure.result, unverified, turnstile }, attempt.init);
  }
  const result = attempt.value;
  const cookie = await startSession(request, env, result.userId, ip);
  return redirect(afterLoginPath(result.isStreamer, submission.value.redirectTo), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <AuthCard
      title="Log in"
      lead={
        <>
          New to Noobrd?{" "}
          <Link to="/signup" className="text-brand-400 underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <EmailField field={fields.email} label="Email" />
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        {actionData?.turnstile ? <TurnstileWidget widget={actionData.turnstile} /> : null}
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton} disabled={navigation.state === "submitting"}>
          Log in
        </button>
        {actionData?.unverified ? (
          <button
            type="submit"
            name="intent"
            value="resend"
            formNoValidate
            className="text-sm text-brand-400 hover:underline"
          >
            Send me a new verification email
          </button>
        ) : null}
      </Form>
      <SocialButtons providers={loaderData.providers} redirectTo={searchParams.get("redirectTo")} />
      <div className="mt-6 flex justify-between text-sm">
        <Link to="/forgot-password" className="text-zinc-400 hover:text-white">
          Forgot your password?
        </Link>
      </div>
    </AuthCard>
  );
}
