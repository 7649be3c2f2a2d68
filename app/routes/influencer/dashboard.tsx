import { Link } from "react-router";
import { requireInfluencer } from "~/features/auth/guards.server";
import { SessionTime } from "~/features/catalogue/components/cards";
import { getInfluencerOverview } from "~/features/dashboard/dashboards.server";
import { formatMoney } from "~/lib/money";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireInfluencer(request, env);
  return { name: viewer.fullName, ...(await getInfluencerOverview(env, viewer.id)) };
}

export default function InfluencerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-2">
      <h1 className="text-3xl font-bold lg:col-span-2">Welcome back, {loaderData.name}</h1>
      <section aria-labelledby="next-slots" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <h2 id="next-slots" className="text-lg font-semibold">
          Next slots
        </h2>
        {loaderData.upcoming.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">No upcoming slots.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-700">
            {loaderData.upcoming.map((slot) => (
              <li key={slot.id} className="flex justify-between py-2 text-sm">
                <span>{slot.productTitle ?? "Open slot"}</span>
                <span className="text-zinc-400">
                  <SessionTime at={slot.startsAt} /> · {slot.seats} seats
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="gigs" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <h2 id="gigs" className="text-lg font-semibold">
          Your gigs ({loaderData.gigs.length})
        </h2>
        <ul className="mt-3 divide-y divide-ink-700">
          {loaderData.gigs.map((gig) => (
            <li key={gig.id} className="flex justify-between py-2 text-sm">
              <Link to={`/gig/${gig.id}`} className="hover:underline">
                {gig.title}
              </Link>
              <span className="text-zinc-400">{formatMoney(gig.priceMinor, gig.currency)}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
