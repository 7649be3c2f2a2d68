import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage, dangerButtonClass, FormAlert, Pager, Section, secondaryButtonClass } from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { MODERATION_COPY, moderationListSchema, reportIdsSchema } from "~/features/moderation";
import { banReportedUsers, listReports, markReportsReviewed } from "~/features/moderation/index.server";
import { When } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/reported-users";

export const meta = () => [{ title: "Reported users | Noobrd staff" }];

/** /admin/reported-users: pending reports (or, with ?show=reviewed, the reviewed ones), 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "moderation");
  const url = new URL(request.url);
  const query = moderationListSchema.safeParse(Object.fromEntries(url.searchParams));
  const kind = url.searchParams.get("show") === "reviewed" ? "reviewed" : "pending";
  const list = await listReports(env, viewer, kind, query.success ? query.data : { page: 1, limit: 10 });
  return { kind, ...list };
}

export const action = pageAction({
  guard: staffWith("moderation"),
  intents: {
    review: {
      schema: reportIdsSchema,
      run: (v, { env, viewer }) => markReportsReviewed(env, viewer, v.reportIds),
      success: () => ({ to: "/admin/reported-users", message: MODERATION_COPY.reviewed }),
      fallback: MODERATION_COPY.markReviewedError,
    },
    ban: {
      schema: reportIdsSchema,
      run: (v, { env, viewer }) => banReportedUsers(env, viewer, v.reportIds),
      success: () => ({ to: "/admin/reported-users", message: MODERATION_COPY.banned }),
      fallback: MODERATION_COPY.banError,
      confirm: { question: MODERATION_COPY.banConfirm, yes: "Yes, ban" },
    },
  },
});

export default function ReportedUsers({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "reports",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportIdsSchema }),
  });
  const navigation = useNavigation();
  const pending = loaderData.kind === "pending";
  const search = new URLSearchParams(pending ? {} : { show: "reviewed" });
  return (
    <AdminPage
      title="Reported users"
      lead={
        <>
          {pending ? "Reports waiting for a decision, newest first." : "Reports marked reviewed, newest first."}{" "}
          <Link to={pending ? "?show=reviewed" : "?"} className="underline">
            {pending ? "Show reviewed reports" : "Show pending reports"}
          </Link>{" "}
          ·{" "}
          <Link to="/admin/banned-users" className="underline">
            Banned users
          </Link>
        </>
      }
    >
      <Section title={pending ? "Pending reports" : "Reviewed reports"}>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <FormAlert id={form.errorId} errors={form.errors ?? Object.values(form.allErrors).flat()} />
          {loaderData.reports.length === 0 ? (
            <p className="text-sm text-zinc-400">{pending ? "No pending reports." : "No reviewed reports."}</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="stack-table w-full text-sm">
                <thead>
                  <tr className="text-left text-zinc-400">
                    {pending ? <th scope="col">Choose</th> : null}
                    <th scope="col">Account</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Reported by</th>
                    <th scope="col">When</th>
                    {pending ? null : <th scope="col">Reviewed by</th>}
                  </tr>
                </thead>
                <tbody>
                  {loaderData.reports.map((r) => (
                    <tr key={r.id} className="border-t border-ink-800 align-top">
                      {pending ? (
                        <td data-label="Choose" className="py-1">
                          <input
                            type="checkbox"
                            name="reportIds"
                            value={r.id}
                            aria-label={`Report of @${r.reportedUsername}: ${r.reason}`}
                          />
                        </td>
                      ) : null}
                      <td data-label="Account">
                        {r.reportedFullName} <span className="text-zinc-400">@{r.reportedUsername}</span>
                      </td>
                      <td data-label="Reason">
                        {r.reason}
                        {r.details ? <p className="text-zinc-400">{r.details}</p> : null}
                      </td>
                      <td data-label="Reported by">
                        {r.reporterUsername ? `@${r.reporterUsername}` : "a deleted account"}
                      </td>
                      <td data-label="When">
                        <When at={r.createdAt} />
                      </td>
                      {pending ? null : <td data-label="Reviewed by">{r.reviewedBy ?? ""}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pending && loaderData.reports.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="review"
                className={secondaryButtonClass}
                disabled={navigation.state === "submitting"}
              >
                Mark reviewed
              </button>
              <ConfirmButton
                value="ban"
                question={MODERATION_COPY.banConfirm}
                yes="Yes, ban"
                className={dangerButtonClass}
                disabled={navigation.state === "submitting"}
              >
                Ban accounts
              </ConfirmButton>
            </div>
          ) : null}
        </Form>
        <Pager page={loaderData.page} totalPages={loaderData.totalPages} search={search} />
      </Section>
      <p className="text-sm text-zinc-400">
        Banning signs the account out everywhere at once and decides every pending report of it.
      </p>
    </AdminPage>
  );
}
