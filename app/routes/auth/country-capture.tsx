import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, redirectDocument, useNavigation } from "react-router";
import { AuthCard, countrySchema, FormErrors, primaryButton } from "~/features/auth";
import { continueSocialLogin, findCapture, SOCIAL_COPY, saveCaptureCountry } from "~/features/auth/index.server";
import { countryOptions } from "~/features/currency";
import { Field, inputClass } from "~/lib/ui/field";
import { cloudflareContext } from "~/platform/context";
import { envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/country-capture";

export const meta = () => [{ title: "Your country | Noobrd" }];

/** Only the browser that just signed in, for that account, may use this page (docs/decisions/006). */
async function requireCapture(request: Request, env: Env, userId: string) {
  const capture = await findCapture(request, env, userId);
  if (!capture) throw await redirectWithToast(env, "/login", { kind: "error", message: SOCIAL_COPY.expired });
  return capture;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const { account } = await requireCapture(request, env, params.userId);
  if (!account.email) throw redirect(`/email-capture/${encodeURIComponent(account.userId)}`);
  const country = context.get(cloudflareContext).cf?.country;
  return { countries: countryOptions(), defaultCountry: typeof country === "string" ? country : "" };
}

/** Saves the country (the base currency follows: INR for IN, USD otherwise), then finishes the sign-in. */
export const action = pageAction({
  guard: ({ request, env, params }) => requireCapture(request, env, params.userId ?? ""),
  intents: {
    country: {
      schema: countrySchema,
      run: (value, { request, env, params }) =>
        saveCaptureCountry(request, env, params.userId ?? "", value.billing_country),
      success: async (saved, { env }) => {
        const next = await continueSocialLogin(env, saved.account, saved.returnTo);
        // A full page load: the next stop is the custom-redirection resource route.
        return redirectDocument(next.location, { headers: { "Set-Cookie": next.cookie } });
      },
      refused: (error) => ({ to: "/login", message: error.message, kind: "error" as const }),
    },
  },
  otherwise: "country",
});

export default function CountryCapture({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "capture-country",
    lastResult: actionData?.result,
    defaultValue: { billing_country: loaderData.defaultCountry },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: countrySchema }),
  });
  return (
    <AuthCard
      title="Where do you play from?"
      lead="We show prices in your currency: Indian rupees for India, US dollars everywhere else."
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Country" id={fields.billing_country.id} errors={fields.billing_country.errors}>
          <select {...getSelectProps(fields.billing_country)} autoComplete="country" className={inputClass}>
            <option value="">Select your country</option>
            {loaderData.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={primaryButton} disabled={navigation.state === "submitting"}>
          Continue
        </button>
      </Form>
    </AuthCard>
  );
}
