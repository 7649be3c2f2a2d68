import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { AdminPage, buttonClass, FormAlert, Section } from "~/components/admin/ui";
import { ONBOARDING_STAFF_COPY, verifyManySchema } from "~/features/onboarding";
import { listOnboardingsForStaff, secretKeyRequired, verifyOnboardings } from "~/features/onboarding/index.server";
import { When } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/verify-onboarding";

export const meta = () => [{ title: "Verify onboarding | Noobrd staff" }];

/** /admin/verify-onboarding-details: submitted bank details and agreements; verify one or many. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "onboarding");
  return { submissions: await listOnboardingsForStaff(env, viewer), needsSecret: secretKeyRequired(env) };
}

export const action = pageAction({
  guard: staffWith("onboarding"),
  intents: {
    verify: {
      schema: verifyManySchema,
      run: (v, { env, viewer }) => verifyOnboardings(env, viewer, v.BankschemaIds, v.secretKey),
      success: () => ({ to: "/admin/verify-onboarding-details", message: ONBOARDING_STAFF_COPY.verified }),
      fallback: ONBOARDING_STAFF_COPY.verifyError,
    },
  },
});

export default function VerifyOnboarding({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "verify",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyManySchema }),
  });
  const waiting = loaderData.submissions.filter((s) => !s.isVerified).length;
  return (
    <AdminPage
      title="Verify onboarding"
      lead={`${waiting} waiting. Full account numbers are shown on this screen only; files open from private storage.`}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormAlert id={form.errorId} errors={Object.values(form.allErrors).flat()} />
        {loaderData.submissions.length === 0 ? (
          <p className="text-sm text-zinc-400">No onboarding details submitted yet.</p>
        ) : null}
        {loaderData.submissions.map((s) => (
          <Section key={s.id} title={`${s.fullName} (@${String(s.username)})`}>
            <div className="flex flex-col gap-2 text-sm">
              {s.isVerified ? (
                <p className="text-green-400">
                  Verified <When at={s.verifiedAt} />
                </p>
              ) : (
                <label className="flex items-center gap-2 font-semibold">
                  <input type="checkbox" name="BankschemaIds" value={s.id} aria-label={`Verify ${s.fullName}`} />
                  Verify these details
                </label>
              )}
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
                <dt className="text-zinc-400">Account holder</dt>
                <dd>{String(s.accountHolderName)}</dd>
                <dt className="text-zinc-400">Account number</dt>
                <dd className="font-mono">{s.accountNumber}</dd>
                <dt className="text-zinc-400">{String(s.bankOption)}</dt>
                <dd className="font-mono">{String(s.bankValue)}</dd>
                <dt className="text-zinc-400">Bank</dt>
                <dd>
                  {String(s.bankName)}, {String(s.country)}
                </dd>
                <dt className="text-zinc-400">Address</dt>
                <dd>{String(s.address)}</dd>
                <dt className="text-zinc-400">Mobile</dt>
                <dd>{String(s.mobileNumber)}</dd>
                <dt className="text-zinc-400">Gaming name</dt>
                <dd>{String(s.gamingName)}</dd>
                <dt className="text-zinc-400">Submitted</dt>
                <dd>
                  <When at={s.submittedAt} />
                </dd>
              </dl>
              <p className="flex gap-4">
                <a href={s.files.statement} className="underline" target="_blank" rel="noreferrer">
                  Bank statement
                </a>
                <a href={s.files.agreement} className="underline" target="_blank" rel="noreferrer">
                  Signed agreement
                </a>
              </p>
            </div>
          </Section>
        ))}
        {waiting > 0 ? (
          <div className="flex flex-wrap items-end gap-3">
            {loaderData.needsSecret ? (
              <label className="flex flex-col gap-1 text-sm">
                Secret key
                <input type="password" name="secretKey" autoComplete="off" className={inputClass} />
              </label>
            ) : null}
            <button type="submit" className={buttonClass}>
              Verify selected
            </button>
          </div>
        ) : null}
      </Form>
    </AdminPage>
  );
}
