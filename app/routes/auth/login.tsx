import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
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
import { clientIp, envOf, publicOrigin, retryAfter } from "~/platform/http.server";
import { configuredProviders } from "~/platform/oauth/providers.server";
import { type TurnstileWidget as BotCheckWidget, humanCheckSite } from "~/platform/turnstile/turnstile.server";
import { loginBotCheckWidget } from "~/routes/_lib/bot-check.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
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

export const action = pageAction({
  guard: anyone,
  intents: {
    resend: {
      schema: emailOnlySchema,
      run: (value, { env, request }) =>
        resendVerification(env, value.email, { ip: clientIp(request, env), origin: publicOrigin(request, env) }).then(
          (resent) => ({ handle: resent.handle, email: value.email }),
        ),
      success: (resent: { handle: string; email: string }) => ({
        to: `/signup/verifyotp/${resent.handle}/${encodeURIComponent(resent.email)}`,
      }),
      invalid: () => ({ stay: {}, status: 400, noForm: true }),
      refused: (error) => ({ stay: {}, status: error.status, headers: retryAfter(error), noForm: true }),
    },
    login: {
      schema: loginSchema,
      run: (value, { env, request }) =>
        logIn(env, value, humanCheckSite(request, env)).then((result) => ({ result, redirectTo: value.redirectTo })),
      success: async (
        { result, redirectTo }: { result: Awaited<ReturnType<typeof logIn>>; redirectTo?: string },
        page,
      ) => ({
        to: afterLoginPath(result.isStreamer, redirectTo),
        headers: {
          "Set-Cookie": await startSession(page.request, page.env, result.userId, clientIp(page.request, page.env)),
        },
      }),
      hideFields: ["password"],
      // After a few failures the next try needs the bot check (docs/decisions/033): the form comes back with it.
      also: async ({ request, env, formData }) => ({
        turnstile: await loginBotCheckWidget(request, env, String(formData.get("email") ?? "")),
      }),
    },
  },
  otherwise: "login",
});

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // A refused login comes back with the bot check after a few failures (the action's `also`, docs/decisions/033).
  const botCheck = (actionData as { turnstile?: BotCheckWidget | null } | undefined)?.turnstile ?? null;
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
        {botCheck ? <TurnstileWidget widget={botCheck} /> : null}
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton} disabled={navigation.state === "submitting"}>
          Log in
        </button>
        {actionData?.reason === "unverified" ? (
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
