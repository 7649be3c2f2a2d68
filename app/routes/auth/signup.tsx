import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { TurnstileWidget } from "~/components/turnstile";
import {
  AuthCard,
  EmailField,
  FormErrors,
  PasswordField,
  primaryButton,
  SocialButtons,
  signupSchema,
} from "~/features/auth";
import { getViewer, signUp } from "~/features/auth/index.server";
import { countryOptions } from "~/features/currency";
import { BrowserTimeZoneField, signUpTimeZone } from "~/features/time";
import { Field, inputClass } from "~/lib/ui/field";
import { cloudflareContext } from "~/platform/context";
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { configuredProviders } from "~/platform/oauth/providers.server";
import { turnstileWidget } from "~/platform/turnstile/turnstile.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/signup";

export const meta = () => [{ title: "Sign up | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(request, envOf(context))) throw redirect("/");
  const country = context.get(cloudflareContext).cf?.country;
  return {
    countries: countryOptions(),
    defaultCountry: typeof country === "string" ? country : "",
    providers: configuredProviders(envOf(context), publicOrigin(request, envOf(context))),
    turnstile: await turnstileWidget(envOf(context), "signup", new URL(publicOrigin(request, envOf(context))).hostname),
  };
}

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

export const action = pageAction({
  guard: anyone,
  intents: {
    signup: {
      schema: signupSchema,
      run: (value, { env, request, context }) => {
        const timeZone = signUpTimeZone(request, value.timeZone, context.get(cloudflareContext).cf);
        const origin = publicOrigin(request, env);
        const meta = { ip: clientIp(request, env), origin, hostname: new URL(origin).hostname };
        return signUp(env, { ...value, timeZone }, meta).then((result) => ({
          handle: result.handle,
          email: value.email,
        }));
      },
      success: (made: { handle: string; email: string }) => ({
        to: `/signup/verifyotp/${made.handle}/${encodeURIComponent(made.email)}`,
      }),
      hideFields: ["password"],
    },
  },
  otherwise: "signup",
});

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const earlyAccess = useLocation().pathname === "/signup-early-access";
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    defaultValue: { country: loaderData.defaultCountry },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <AuthCard
      title={earlyAccess ? "Get early access" : "Create your account"}
      lead={
        <>
          Already have one?{" "}
          <Link to="/login" className="text-brand-400 underline">
            Log in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Username" id={fields.username.id} errors={fields.username.errors}>
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" className={inputClass} />
        </Field>
        <Field label="Full name (optional)" id={fields.fullName.id} errors={fields.fullName.errors}>
          <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <EmailField field={fields.email} label="Email" />
        <PasswordField field={fields.password} label="Password" autoComplete="new-password" />
        <Field label="Country" id={fields.country.id} errors={fields.country.errors}>
          <select {...getSelectProps(fields.country)} autoComplete="country" className={inputClass}>
            <option value="">Select your country</option>
            {loaderData.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </Field>
        <BrowserTimeZoneField name="timeZone" />
        <TurnstileWidget widget={loaderData.turnstile} />
        <FormErrors id={fields["cf-turnstile-response"].errorId} errors={fields["cf-turnstile-response"].errors} />
        <button type="submit" className={primaryButton} disabled={navigation.state === "submitting"}>
          Sign up
        </button>
      </Form>
      <SocialButtons providers={loaderData.providers} />
    </AuthCard>
  );
}
