import { Form, useSearchParams } from "react-router";
import { AdminPage, Pager, Section, secondaryButtonClass } from "~/components/admin/ui";
import { describeChanges } from "~/features/audit";
import { auditQuerySchema, listAuditLog } from "~/features/audit/index.server";
import { When } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/audit-log";

export const meta = () => [{ title: "Audit log | Noobrd staff" }];

/** /admin/audit-log: every staff change (who, what, when, before and after), newest first; admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "audit");
  const query = auditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const input = query.success ? query.data : { page: 1, limit: 20 };
  const log = await listAuditLog(env, viewer, input);
  return { ...log, entity: query.success ? (query.data.entity ?? "") : "" };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <AdminPage title="Audit log" lead={`${loaderData.totalItems} staff changes`}>
      <Section title="Filter">
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            Entity (e.g. payout, game, user, promo_code)
            <input name="entity" defaultValue={loaderData.entity} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1">
            Entity id
            <input name="entityId" defaultValue={search.get("entityId") ?? ""} className={inputClass} />
          </label>
          <button type="submit" className={secondaryButtonClass}>
            Filter
          </button>
        </Form>
      </Section>
      <Section title="Changes">
        <div className="relative overflow-x-auto">
          <table className="stack-table w-full text-xs">
            <thead>
              <tr className="text-left text-zinc-400">
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((e) => (
                <tr key={e.id} className="border-t border-ink-800 align-top">
                  <td data-label="When" className="py-1 whitespace-nowrap">
                    <When at={e.createdAt} />
                  </td>
                  <td data-label="Who">
                    {e.actorName || e.actorUsername || "(account removed)"}
                    <br />
                    <span className="text-zinc-400">{e.actorRole}</span>
                  </td>
                  <td data-label="What">
                    {e.action}
                    <br />
                    <span className="text-zinc-400">
                      {e.entity} {e.entityId}
                    </span>
                  </td>
                  <td data-label="Change">
                    <ul className="max-w-sm">
                      {describeChanges(e.before, e.after).map((change) => (
                        <li key={change.field}>
                          <span className="text-zinc-400">{`${change.field}:`}</span>{" "}
                          {change.before === null ? null : <del className="text-zinc-400">{change.before}</del>}
                          {change.before === null ? "" : " → "}
                          {change.after ?? "(none)"}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={loaderData.page} totalPages={loaderData.totalPages} search={search} />
      </Section>
    </AdminPage>
  );
}
