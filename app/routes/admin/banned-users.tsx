import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage, buttonClass, FormAlert, Pager, Section } from "~/components/admin/ui";
import { banIdsSchema, MODERATION_COPY, moderationListSchema } from "~/features/moderation";
import { listBans, unbanUsers } from "~/features/moderation/index.server";
import { When } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/banned-users";

export const meta = () => [{ title: "Banned users | Noobrd staff" }];

/** /admin/banned-users: accounts with an active ban, newest first, 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "moderation");
  const query = moderationListSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return listBans(env, viewer, query.success ? query.data : { page: 1, limit: 10 });
}

export const action = pageAction({
  guard: staffWith("moderation"),
  intents: {
    unban: {
      schema: banIdsSchema,
      run: (v, { env, viewer }) => unbanUsers(env, viewer, v.banIds),
      success: () => ({ to: "/admin/banned-users", message: MODERATION_COPY.unbanned }),
      fallback: MODERATION_COPY.unbanError,
    },
  },
});

export default function BannedUsers({ loaderData, actionData }: Route.ComponentProps) {
  const [form] = useForm({
    id: "bans",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: banIdsSchema }),
  });
  const navigation = useNavigation();
  return (
    <AdminPage
      title="Banned users"
      lead={
        <>
          Accounts that cannot sign in.{" "}
          <Link to="/admin/reported-users" className="underline">
            Reported users
          </Link>
        </>
      }
    >
      <Section title="Active bans">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <FormAlert id={form.errorId} errors={form.errors ?? Object.values(form.allErrors).flat()} />
          {loaderData.bans.length === 0 ? (
            <p className="text-sm text-zinc-400">No banned users.</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="stack-table w-full text-sm">
                <thead>
                  <tr className="text-left text-zinc-400">
                    <th scope="col">Choose</th>
                    <th scope="col">Account</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Banned</th>
                    <th scope="col">By</th>
                  </tr>
                </thead>
                <tbody>
                  {loaderData.bans.map((b) => (
                    <tr key={b.id} className="border-t border-ink-800">
                      <td data-label="Choose" className="py-1">
                        <input type="checkbox" name="banIds" value={b.id} aria-label={`Unban @${b.username}`} />
                      </td>
                      <td data-label="Account">
                        {b.fullName} <span className="text-zinc-400">@{b.username}</span>
                      </td>
                      <td data-label="Reason">{b.reason ?? ""}</td>
                      <td data-label="Banned">
                        <When at={b.bannedAt} />
                      </td>
                      <td data-label="By">{b.bannedBy ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {loaderData.bans.length > 0 ? (
            <button
              type="submit"
              name="intent"
              value="unban"
              className={`${buttonClass} self-start`}
              disabled={navigation.state === "submitting"}
            >
              Unban selected
            </button>
          ) : null}
        </Form>
        <Pager page={loaderData.page} totalPages={loaderData.totalPages} search={new URLSearchParams()} />
      </Section>
    </AdminPage>
  );
}
