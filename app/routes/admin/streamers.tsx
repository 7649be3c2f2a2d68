import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, buttonClass, Pager, Section, secondaryButtonClass } from "~/components/admin/ui";
import { STREAMER_LIST_DEFAULTS, STREAMER_SORTS, streamerListSchema } from "~/features/staff-streamers";
import { listStreamersForStaff } from "~/features/staff-streamers/index.server";
import { inputClass } from "~/lib/ui/field";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/streamers";

export const meta = () => [{ title: "Influencers | Noobrd staff" }];

const SORT_LABELS: Record<(typeof STREAMER_SORTS)[number], string> = {
  fullName_asc: "Name A–Z",
  fullName_desc: "Name Z–A",
  createdAt_desc: "Newest first",
  createdAt_asc: "Oldest first",
};

/** /admin/influencer: streamers with search, sort and paging (defaults page 1, limit 10, fullName_asc). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "influencers");
  const query = streamerListSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const input = query.success ? query.data : { ...STREAMER_LIST_DEFAULTS, search: "" };
  return { query: input, ...(await listStreamersForStaff(env, viewer, input)) };
}

export default function Streamers({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { query } = loaderData;
  return (
    <AdminPage
      title="Influencers"
      lead={`${loaderData.totalItems} streamers`}
      actions={
        <Link to="/admin/add-influencer" className={buttonClass}>
          Register influencer
        </Link>
      }
    >
      <Section title="Find a streamer">
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            Name, username or email
            <input type="search" name="search" defaultValue={query.search} className={inputClass} />
          </label>
          <label className="flex flex-col gap-1">
            Sort
            <select name="sort" defaultValue={query.sort} className={inputClass}>
              {STREAMER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButtonClass}>
            Search
          </button>
        </Form>
      </Section>
      <Section title="Streamers">
        {loaderData.influencers.length === 0 ? <p className="text-sm text-zinc-400">No streamer matches.</p> : null}
        <div className="relative overflow-x-auto">
          <table className="stack-table w-full text-sm">
            <thead>
              <tr className="text-left text-zinc-400">
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Fee</th>
                <th scope="col">Gigs</th>
                <th scope="col">No-shows</th>
                <th scope="col">Landing</th>
                <th scope="col">Onboarding</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.influencers.map((i) => (
                <tr key={i.id} className="border-t border-ink-800">
                  <td data-label="Name" className="py-2">
                    <Link to={`/admin/influencer/${i.id}`} className="underline">
                      {i.fullName || i.username}
                    </Link>{" "}
                    <span className="text-zinc-400">@{i.username}</span>
                  </td>
                  <td data-label="Email">{i.email}</td>
                  <td data-label="Fee">{i.platformFeeBps / 100}%</td>
                  <td data-label="Gigs">{i.gigs}</td>
                  <td data-label="No-shows" data-testid="no-show-rate">
                    {i.noShowRate}
                  </td>
                  <td data-label="Landing">{i.showAtLanding ? "Shown" : "—"}</td>
                  <td data-label="Onboarding">{i.isVerified ? "Verified" : "Not verified"}</td>
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
