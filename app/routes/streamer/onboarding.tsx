import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { countryOptions } from "~/features/currency";
import { BANK_IDENTIFIER_KINDS, ONBOARDING_COPY, onboardingSchema, TSHIRT_SIZES } from "~/features/onboarding";
import { getOwnOnboarding, submitOnboarding } from "~/features/onboarding/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { envOf } from "~/platform/http.server";
import type { FormFailure } from "~/routes/_lib/form.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { pageAction, streamerOnly } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/onboarding";

export const meta = () => [{ title: "Onboarding | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  return {
    onboarding: await getOwnOnboarding(env, viewer, viewer.id),
    countries: countryOptions(),
    defaultCountry: viewer.country ?? "",
  };
}

export const action = pageAction({
  guard: streamerOnly,
  intents: {
    submit: {
      schema: onboardingSchema,
      run: (value, { env, viewer }) => submitOnboarding(env, viewer, value),
      success: () => ({ to: "/influencer/onboarding", message: ONBOARDING_COPY.submitted }),
      hideFields: ["accountNumber"],
    },
  },
  otherwise: "submit",
});

const STATUS_TEXT = { submitted: "Submitted, waiting for verification", verified: "Verified" } as const;

export default function Onboarding({ loaderData, actionData: raw }: Route.ComponentProps) {
  const actionData = raw as Partial<FormFailure> | undefined;
  const { onboarding, countries } = loaderData;
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "onboarding",
    lastResult: actionData?.result ?? undefined,
    defaultValue: onboarding
      ? { ...onboarding, accountNumber: "" }
      : { country: loaderData.defaultCountry, bankOption: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: onboardingSchema }),
  });
  const text = (
    name: "accountHolderName" | "bankName" | "fullName" | "gamingName" | "mobileNumber" | "accountNumber",
    label: string,
  ) => (
    <Field label={label} id={fields[name].id} errors={fields[name].errors}>
      <input {...getInputProps(fields[name], { type: "text" })} className={inputClass} />
    </Field>
  );
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Onboarding</h1>
      {onboarding ? (
        <section aria-labelledby="current" className="rounded-2xl border border-ink-700 bg-ink-900 p-6 text-sm">
          <h2 id="current" className="text-lg font-semibold">
            Status: <span data-testid="onboarding-status">{STATUS_TEXT[onboarding.status]}</span>
          </h2>
          <p className="mt-2">
            {onboarding.bankName} · account {onboarding.accountNumber} · {onboarding.bankOption} {onboarding.bankValue}
          </p>
          <p className="mt-2 flex gap-4">
            <a href={onboarding.files.statement} className="text-brand-400">
              Your bank statement
            </a>
            <a href={onboarding.files.agreement} className="text-brand-400">
              Your signed agreement
            </a>
          </p>
          {onboarding.earlierSubmissions > 0 ? (
            <p className="mt-2 text-zinc-400">Earlier submissions kept: {onboarding.earlierSubmissions}</p>
          ) : null}
        </section>
      ) : (
        <p className="text-sm text-zinc-400">Status: not submitted yet.</p>
      )}
      {onboarding?.status === "verified" ? null : (
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          data-hydrated={hydrated ? "" : undefined}
          className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:grid-cols-2"
        >
          <h2 className="text-lg font-semibold sm:col-span-2">
            {onboarding ? "Re-submit your details" : "Your bank and identity details"}
          </h2>
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-red-400 sm:col-span-2">
              {form.errors.join(". ")}
            </p>
          ) : null}
          {text("fullName", "Full name")}
          {text("gamingName", "Gaming name")}
          {text("mobileNumber", "Mobile number")}
          <Field label="T-shirt size" id={fields.tshirtSize.id} errors={fields.tshirtSize.errors}>
            <select {...getSelectProps(fields.tshirtSize)} className={inputClass}>
              <option value="">Pick a size</option>
              {TSHIRT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </Field>
          <div className="sm:col-span-2">
            <Field label="Address" id={fields.address.id} errors={fields.address.errors}>
              <textarea {...getTextareaProps(fields.address)} rows={2} className={inputClass} />
            </Field>
          </div>
          {text("accountHolderName", "Account holder name")}
          {text("bankName", "Bank name")}
          <Field label="Country of the bank" id={fields.country.id} errors={fields.country.errors}>
            <select {...getSelectProps(fields.country)} className={inputClass}>
              <option value="">Pick a country</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          {text("accountNumber", "Account number")}
          <Field label="Bank identifier" id={fields.bankOption.id} errors={fields.bankOption.errors}>
            <select {...getSelectProps(fields.bankOption)} className={inputClass}>
              <option value="">Pick one</option>
              {BANK_IDENTIFIER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Its value" id={fields.bankValue.id} errors={fields.bankValue.errors}>
            <input {...getInputProps(fields.bankValue, { type: "text" })} className={inputClass} />
          </Field>
          <Field
            label="Bank statement (PDF, PNG or JPEG, up to 10 MB)"
            id={fields.bankStatement.id}
            errors={fields.bankStatement.errors}
          >
            <input
              {...getInputProps(fields.bankStatement, { type: "file" })}
              accept="application/pdf,image/png,image/jpeg"
            />
          </Field>
          <Field
            label="Signed agreement (PDF, PNG or JPEG, up to 10 MB)"
            id={fields.signedAgreement.id}
            errors={fields.signedAgreement.errors}
          >
            <input
              {...getInputProps(fields.signedAgreement, { type: "file" })}
              accept="application/pdf,image/png,image/jpeg"
            />
          </Field>
          <button
            type="submit"
            className="self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500 sm:col-span-2"
          >
            Submit onboarding
          </button>
        </Form>
      )}
    </main>
  );
}
