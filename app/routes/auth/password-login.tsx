import { Form, redirect, useNavigation } from "react-router";
import {
  AuthCard,
  FormErrors,
  primaryButton,
  redirectToSchema,
  sitePasswordSchema,
  siteTokenSchema,
} from "~/features/auth";
import {
  grantCookieHeader,
  hasSiteAccess,
  validateSitePassword,
  validateSiteToken,
} from "~/features/auth/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { firstIssue } from "~/lib/validation";
import { clientIp, envOf } from "~/platform/http.server";
import { refusalHeaders, settle } from "~/routes/_lib/form.server";
import { anyone, pageAction, says, saysRefusal } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/password-login";

export const meta = () => [{ title: "Enter the website password | Noobrd" }];

function back(request: Request, formValue?: FormDataEntryValue | null) {
  const value = formValue ?? new URL(request.url).searchParams.get("redirectTo");
  return redirectToSchema.parse(typeof value === "string" && value ? value : undefined) ?? "/";
}

/** /password-login: the site gate's screen. A link with ?token= opens the site directly. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const raw = new URL(request.url).searchParams.get("token");
  if (raw) {
    const token = siteTokenSchema.safeParse({ token: raw });
    if (!token.success) return { error: firstIssue(token.error), redirectTo: back(request) };
    const granted = await settle(validateSiteToken(env, token.data.token));
    if (granted.ok) {
      throw redirect(back(request), { headers: { "Set-Cookie": await grantCookieHeader(env, granted.value.token) } });
    }
    return { error: granted.error.message, redirectTo: back(request) };
  }
  if (await hasSiteAccess(request, env)) throw redirect(back(request));
  return { error: null, redirectTo: back(request) };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

// The same schemas as the JSON API (/api/admin/validate-*), so both doors take the same input.
const granted = async (token: string, { request, env, formData }: { request: Request; env: Env; formData: FormData }) =>
  redirect(back(request, formData.get("redirectTo")), {
    headers: { "Set-Cookie": await grantCookieHeader(env, token) },
  });

export const action = pageAction({
  guard: anyone,
  intents: {
    token: {
      schema: siteTokenSchema,
      plain: true,
      run: (value, { env }) => validateSiteToken(env, value.token),
      success: (result, page) => granted(result.token, page),
      invalid: (_, message) => says(message ?? "Invalid request"),
      refused: (error) => saysRefusal(error),
    },
    password: {
      schema: sitePasswordSchema,
      plain: true,
      run: (value, { env, request }) => validateSitePassword(env, value.password, { ip: clientIp(request, env) }),
      success: (result, page) => granted(result.token, page),
      invalid: (_, message) => says(message ?? "Invalid request"),
      refused: (error) => saysRefusal(error),
    },
  },
  otherwise: "password",
});

export default function PasswordLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error ?? loaderData.error;
  const { redirectTo } = loaderData;
  return (
    <AuthCard
      title="This site is private for now"
      lead="Enter the website password, or an access token you were given."
    >
      <FormErrors id="password-login-error" errors={error ? [error] : undefined} />
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Website password" id="site-password">
          <input
            id="site-password"
            name="password"
            type="password"
            required
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="password"
          className={primaryButton}
          disabled={navigation.state === "submitting"}
        >
          Enter
        </button>
      </Form>
      <Form method="post" className="mt-6 flex flex-col gap-3 border-t border-ink-700 pt-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Access token" id="site-token">
          <input id="site-token" name="token" type="text" required autoComplete="off" className={inputClass} />
        </Field>
        <button
          type="submit"
          name="intent"
          value="token"
          className="rounded-lg border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800"
        >
          Use token
        </button>
      </Form>
    </AuthCard>
  );
}
