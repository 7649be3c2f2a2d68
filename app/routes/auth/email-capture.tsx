import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, redirectDocument, useNavigation } from "react-router";
import { AuthCard, captureCodeSchema, captureEmailSchema, FormErrors, primaryButton } from "~/features/auth";
import {
  confirmCaptureEmail,
  continueSocialLogin,
  findCapture,
  providerEmailOf,
  SOCIAL_COPY,
  sendCaptureCode,
} from "~/features/auth/index.server";
import { Field, inputClass } from "~/lib/ui/field";
import { z } from "~/lib/zod";
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { refusalHeaders } from "~/routes/_lib/form.server";
import { pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/email-capture";

export const meta = () => [{ title: "Add your email | Noobrd" }];

/** Only the browser that just signed in, for that account, may use this page (docs/decisions/006). */
async function requireCapture(request: Request, env: Env, userId: string) {
  const capture = await findCapture(request, env, userId);
  if (!capture) throw await redirectWithToast(env, "/login", { kind: "error", message: SOCIAL_COPY.expired });
  return capture;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const { account } = await requireCapture(request, env, params.userId);
  if (account.email) throw redirect(`/country-capture/${encodeURIComponent(account.userId)}`);
  return { suggestedEmail: (await providerEmailOf(env, account.userId)) ?? "" };
}

type Step = { step: "email" | "code"; email: string; handle: string; notice: string | null };

/** A refused attempt's Retry-After (a 429's wait) reaches the browser with the page. */
export const headers = refusalHeaders;

/** Step 1 (intent "send"): email a code. Step 2 (intent "verify"): the code confirms the address. */
const emailStep = (email = ""): Step => ({ step: "email", email, handle: "", notice: null });
const sentEmail = (formData: FormData) => String(formData.get("email") ?? "");

export const action = pageAction({
  guard: ({ request, env, params }) => requireCapture(request, env, params.userId ?? ""),
  intents: {
    change: {
      schema: z.object({}),
      plain: true,
      run: async () => emailStep(),
      success: (step: Step) => ({ stay: { step }, noForm: true }),
    },
    verify: {
      schema: captureCodeSchema,
      run: (value, { env, request, params }) =>
        confirmCaptureEmail(env, params.userId ?? "", value, { ip: clientIp(request, env) }),
      success: async (confirmed, { env, viewer }) => {
        const next = await continueSocialLogin(env, confirmed.account, viewer.returnTo);
        // A full page load: the next stop may be the custom-redirection resource route.
        return redirectDocument(next.location, { headers: { "Set-Cookie": next.cookie } });
      },
      also: ({ formData }) => ({
        step: {
          step: "code",
          email: sentEmail(formData),
          handle: String(formData.get("handle") ?? ""),
          notice: null,
        } satisfies Step,
      }),
      shownFields: ["otp"],
    },
    email: {
      schema: captureEmailSchema,
      run: (value, { env, request, params }) =>
        sendCaptureCode(env, params.userId ?? "", value.email, {
          ip: clientIp(request, env),
          origin: publicOrigin(request, env),
        }).then((sent) => ({ handle: sent.handle, email: value.email })),
      success: (sent: { handle: string; email: string }) => ({
        stay: {
          step: {
            step: "code",
            email: sent.email,
            handle: sent.handle,
            notice: SOCIAL_COPY.emailCodeSent,
          } satisfies Step,
        },
        noForm: true,
      }),
      // A refused address comes back in its box; an invalid one does not.
      also: ({ formData }) => ({ step: emailStep(sentEmail(formData)) }),
      invalid: () => ({ stay: { step: emailStep() }, status: 400 }),
    },
  },
  otherwise: "email",
});

export default function EmailCapture({ loaderData, actionData }: Route.ComponentProps) {
  const step = (actionData as { step?: Step } | undefined)?.step;
  const result = actionData?.result ?? undefined;
  if (step?.step === "code") return <CodeStep step={step} result={result} />;
  return <EmailStep suggested={step?.email || loaderData.suggestedEmail} result={result} />;
}

type Reply = SubmissionResult<string[]> | undefined;

function EmailStep({ suggested, result }: { suggested: string; result: Reply }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "capture-email",
    lastResult: result,
    defaultValue: { email: suggested },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: captureEmailSchema }),
  });
  return (
    <AuthCard
      title="Add your email"
      lead="Your account did not share an email address. Add one so we can send your booking confirmations; we will send a code to check it is yours."
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" id={fields.email.id} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <button
          type="submit"
          name="intent"
          value="send"
          className={primaryButton}
          disabled={navigation.state === "submitting"}
        >
          Send me a code
        </button>
      </Form>
    </AuthCard>
  );
}

function CodeStep({ step, result }: { step: Step; result: Reply }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "capture-code",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: captureCodeSchema }),
  });
  return (
    <AuthCard
      title="Check your email"
      lead={
        <>
          We sent a 6-digit code to <strong className="text-zinc-200">{step.email}</strong>. Enter it to confirm the
          address.
        </>
      }
    >
      {step.notice ? (
        <p role="status" className="mb-4 text-sm text-zinc-300">
          {step.notice}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="email" value={step.email} />
        <input type="hidden" name="handle" value={step.handle} />
        <Field label="Code" id={fields.otp.id} errors={fields.otp.errors}>
          <input
            {...getInputProps(fields.otp, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`${inputClass} tracking-[0.5em]`}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="verify"
          className={primaryButton}
          disabled={navigation.state === "submitting"}
        >
          Confirm email
        </button>
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <Form method="post">
          <input type="hidden" name="email" value={step.email} />
          <button type="submit" name="intent" value="send" className="text-brand-400 underline">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="change" className="text-zinc-400 hover:text-white">
            Use another email
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}
