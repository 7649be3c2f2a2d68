import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, redirectDocument, useNavigation } from "react-router";
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
import { clientIp, envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { refusalHeaders, replyTo, runForForm } from "~/routes/_lib/form.server";
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
export async function action({ request, params, context }: Route.ActionArgs) {
  const env = envOf(context);
  const capture = await requireCapture(request, env, params.userId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const ip = clientIp(request, env);
  if (intent === "change") {
    return { step: { step: "email", email: "", handle: "", notice: null } satisfies Step, result: undefined };
  }
  if (intent === "verify") {
    const submission = parseWithZod(formData, { schema: captureCodeSchema });
    const email = String(formData.get("email") ?? "");
    const handle = String(formData.get("handle") ?? "");
    const step: Step = { step: "code", email, handle, notice: null };
    if (submission.status !== "success") return data({ step, result: replyTo(submission) }, { status: 400 });
    const confirmed = await runForForm(
      submission,
      () => confirmCaptureEmail(env, params.userId, submission.value, { ip }),
      {
        shownFields: ["otp"],
      },
    );
    if (!confirmed.ok) return data({ step, result: confirmed.failure.result }, confirmed.init);
    const next = await continueSocialLogin(env, confirmed.value.account, capture.returnTo);
    // A full page load: the next stop may be the custom-redirection resource route.
    return redirectDocument(next.location, { headers: { "Set-Cookie": next.cookie } });
  }
  const submission = parseWithZod(formData, { schema: captureEmailSchema });
  if (submission.status !== "success") {
    const step: Step = { step: "email", email: "", handle: "", notice: null };
    return data({ step, result: replyTo(submission) }, { status: 400 });
  }
  const { email } = submission.value;
  const meta = { ip, origin: publicOrigin(request, env) };
  const sent = await runForForm(submission, () => sendCaptureCode(env, params.userId, email, meta));
  if (!sent.ok) {
    const step: Step = { step: "email", email, handle: "", notice: null };
    return data({ step, result: sent.failure.result ?? undefined }, sent.init);
  }
  const step: Step = {
    step: "code",
    email: submission.value.email,
    handle: sent.value.handle,
    notice: SOCIAL_COPY.emailCodeSent,
  };
  return { step, result: undefined };
}

export default function EmailCapture({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step;
  if (step?.step === "code") return <CodeStep step={step} result={actionData?.result} />;
  return <EmailStep suggested={step?.email || loaderData.suggestedEmail} result={actionData?.result} />;
}

type Reply = NonNullable<Route.ComponentProps["actionData"]>["result"];

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
