import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, FormAlert, Pager, replyErrors, Section, secondaryButtonClass } from "~/components/admin/ui";
import { CONTENT_COPY, submissionIdSchema, submissionsQuerySchema } from "~/features/content";
import { listContactSubmissions, markSubmissionHandled } from "~/features/content/index.server";
import { When } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/contact-submissions";

export const meta = () => [{ title: "Contact submissions | Noobrd staff" }];

/** /admin/contact-us-submissions: the contact form's messages, 10 a page, open first; mark handled. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "contactSubmissions");
  const query = submissionsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const input = query.success ? query.data : { page: 1, limit: 10, show: "open" as const };
  return { show: input.show, ...(await listContactSubmissions(env, viewer, input)) };
}

export const action = pageAction({
  guard: staffWith("contactSubmissions"),
  intents: {
    handled: {
      schema: submissionIdSchema,
      run: (v, { env, viewer }) => markSubmissionHandled(env, viewer, v.id),
      success: () => ({ to: "/admin/contact-us-submissions", message: CONTENT_COPY.submissionHandled }),
    },
  },
});

export default function ContactSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const errors = replyErrors(actionData);
  const tabs = [
    ["open", "Open"],
    ["handled", "Handled"],
    ["all", "All"],
  ] as const;
  return (
    <AdminPage
      title="Contact submissions"
      lead={tabs.map(([value, label], i) => (
        <span key={value}>
          {i > 0 ? " · " : ""}
          {loaderData.show === value ? (
            <strong>{label}</strong>
          ) : (
            <Link to={`?show=${value}`} className="underline">
              {label}
            </Link>
          )}
        </span>
      ))}
    >
      <FormAlert errors={errors} />
      <Section title={`${loaderData.totalItems} messages`}>
        {loaderData.submissions.length === 0 ? <p className="text-sm text-zinc-400">Nothing here.</p> : null}
        <ul className="flex flex-col gap-3">
          {loaderData.submissions.map((s) => (
            <li key={s.id} className="rounded-xl border border-ink-700 p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">{s.subject || "(no subject)"}</span>
                <span className="text-zinc-400">
                  <When at={s.createdAt} />
                </span>
              </p>
              <p className="text-zinc-400">
                {s.name} · <a href={`mailto:${s.email}`}>{s.email}</a>
              </p>
              <p className="mt-2 whitespace-pre-line">{s.message}</p>
              {s.handledAt ? (
                <p className="mt-2 text-green-400">
                  Handled <When at={s.handledAt} />
                  {s.handledBy ? ` by ${s.handledBy}` : ""}
                </p>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className={secondaryButtonClass} aria-label={`Mark handled: ${s.subject}`}>
                    Mark handled
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Pager page={loaderData.page} totalPages={loaderData.totalPages} search={search} />
      </Section>
    </AdminPage>
  );
}
