import { Link } from "react-router";
import { CAPABILITY_LABELS, canStaff, STAFF_CAPABILITIES } from "~/features/access";
import { getAdminOverview } from "~/features/dashboard/index.server";
import { payoutWorkQueue } from "~/features/payouts/index.server";
import { weeklyFunnel } from "~/features/tracking/index.server";
import { formatTotals } from "~/lib/money-math";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Admin dashboard | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "dashboard");
  const [overview, funnel, payoutQueue] = await Promise.all([
    getAdminOverview(env, viewer),
    weeklyFunnel(env, viewer),
    canStaff(viewer.role, "payouts") ? payoutWorkQueue(env, viewer) : Promise.resolve(null),
  ]);
  return { overview, funnel, payoutQueue, role: viewer.role, name: viewer.fullName };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { overview, funnel, role } = loaderData;
  const can = (capability: Parameters<typeof canStaff>[1]) => role !== "user" && canStaff(role, capability);
  // Only what this person may open (docs/decisions/005-staff-capabilities.md): a tile they could not follow is noise.
  const waiting = [
    {
      label: "Reports to review",
      value: overview.pendingReports,
      to: "/admin/reported-users",
      show: can("moderation"),
    },
    {
      label: "Onboardings to verify",
      value: overview.unverifiedOnboardings,
      to: "/admin/verify-onboarding-details",
      show: can("onboarding"),
    },
    {
      label: `Payable orders (${formatTotals(overview.payableTotals, "USD")})`,
      value: overview.payableOrders,
      to: "#payouts-to-prepare",
      show: can("payouts"),
    },
    {
      label: "Open contact messages",
      value: overview.openContactSubmissions,
      to: "/admin/contact-us-submissions",
      show: can("contactSubmissions"),
    },
  ].filter((item) => item.show);
  const stats = [
    { label: "Fans", value: overview.fans.toLocaleString("en-US") },
    { label: "Streamers", value: overview.streamers.toLocaleString("en-US") },
    { label: "Active gigs", value: overview.activeGigs.toLocaleString("en-US") },
    { label: "Paid orders", value: overview.paidOrders.toLocaleString("en-US") },
    { label: "Paid volume", value: formatTotals(overview.paidTotals, "USD") },
  ];
  const capabilities = role === "user" ? [] : STAFF_CAPABILITIES[role];
  return (
    <div>
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="mt-1 text-sm text-zinc-400">
        Signed in as {loaderData.name} ({role})
      </p>
      <section aria-labelledby="waiting" className="mt-8">
        <h2 id="waiting" className="text-lg font-semibold">
          Waiting for staff
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {waiting.map((item) => (
            <div key={item.label} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
              <dt className="text-sm text-zinc-400">
                <Link to={item.to} className="underline">
                  {item.label}
                </Link>
              </dt>
              <dd className="mt-1 text-2xl font-bold">{item.value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      </section>
      {loaderData.payoutQueue ? (
        <section aria-labelledby="payouts-to-prepare" className="mt-8">
          <h2 id="payouts-to-prepare" className="text-lg font-semibold">
            Payouts to prepare
          </h2>
          {loaderData.payoutQueue.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-400">No sessions to validate and nothing payable.</p>
          ) : (
            <table className="stack-table mt-3 w-full text-sm">
              <thead>
                <tr className="text-left text-zinc-400">
                  <th scope="col">Streamer</th>
                  <th scope="col">Sessions to validate</th>
                  <th scope="col">Payable orders</th>
                  <th scope="col">Payable (gross)</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.payoutQueue.map((row) => (
                  <tr key={row.streamerId} className="border-t border-ink-800">
                    <td data-label="Streamer" className="py-1">
                      {row.fullName || row.username} <span className="text-zinc-400">@{row.username}</span>
                    </td>
                    <td data-label="Sessions to validate">
                      {row.toValidate > 0 && can("validations") ? (
                        <Link
                          to={`/admin/validations/influencer-game-playing-validations/${row.streamerId}`}
                          className="underline"
                          aria-label={`Validate ${row.toValidate} sessions of @${row.username}`}
                        >
                          {row.toValidate}
                        </Link>
                      ) : (
                        row.toValidate
                      )}
                    </td>
                    <td data-label="Payable orders">
                      <Link
                        to={`/admin/payout/influencer/${row.streamerId}`}
                        className="underline"
                        aria-label={`${row.payable} payable orders of @${row.username}`}
                      >
                        {row.payable}
                      </Link>
                    </td>
                    <td data-label="Payable (gross)">{formatTotals(row.payableTotals, "USD")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
            <dt className="text-sm text-zinc-400">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="funnel" className="mt-10">
        <h2 id="funnel" className="text-lg font-semibold">
          Weekly funnel
        </h2>
        <table className="stack-table mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-zinc-400">
              <th scope="col">Week of (UTC)</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Verifications</th>
              <th scope="col">First bookings</th>
            </tr>
          </thead>
          <tbody>
            {funnel.weeks.map((week) => (
              <tr key={week.weekStart} className="border-t border-ink-800">
                <td data-label="Week of (UTC)" className="py-1">
                  {week.weekStart}
                </td>
                <td data-label="Sign-ups">{week.signUps}</td>
                <td data-label="Verifications">{week.verifications}</td>
                <td data-label="First bookings">{week.firstBookings}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mt-6 font-semibold">Searches that found nothing</h3>
        {funnel.emptySearches.length === 0 ? (
          <p className="text-sm text-zinc-400">None in these weeks.</p>
        ) : (
          <ol className="mt-2 list-decimal pl-5 text-sm">
            {funnel.emptySearches.map((s) => (
              <li key={s.query}>
                “{s.query}” · {s.n}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="areas" className="mt-10">
        <h2 id="areas" className="text-lg font-semibold">
          Your areas
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {capabilities.map((capability) => (
            <li key={capability} className="rounded-full border border-ink-700 px-3 py-1 text-sm text-zinc-300">
              {CAPABILITY_LABELS[capability].replace(/^./, (first) => first.toUpperCase())}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
