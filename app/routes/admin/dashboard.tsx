import { STAFF_CAPABILITIES } from "~/features/auth/capabilities";
import { requireStaff } from "~/features/auth/guards.server";
import { getAdminOverview } from "~/features/dashboard/dashboards.server";
import { formatMoney } from "~/lib/money";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Admin dashboard | Noobrd" }];

const CAPABILITY_LABELS: Record<string, string> = {
  dashboard: "Dashboard",
  catalogue: "Games, platforms and banners",
  influencers: "Influencers",
  platformFees: "Platform fees",
  payouts: "Payouts",
  validations: "Session validations",
  moderation: "Reported and banned accounts",
  configurations: "Configurations",
  content: "Terms, privacy policy and FAQ",
  giveaway: "Giveaway",
  contactSubmissions: "Contact submissions",
  promoCodes: "Promo codes",
  onboarding: "Onboarding verification",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "dashboard");
  return { overview: await getAdminOverview(env), role: viewer.role, name: viewer.fullName };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { overview, role } = loaderData;
  const stats = [
    { label: "Fans", value: overview.fans.toLocaleString("en-US") },
    { label: "Streamers", value: overview.streamers.toLocaleString("en-US") },
    { label: "Active gigs", value: overview.activeGigs.toLocaleString("en-US") },
    { label: "Paid orders", value: overview.paidOrders.toLocaleString("en-US") },
    { label: "Paid volume", value: formatMoney(overview.paidTotalMinor, "USD") },
    { label: "Reports to review", value: overview.pendingReports.toLocaleString("en-US") },
    { label: "Contact messages", value: overview.contactSubmissions.toLocaleString("en-US") },
  ];
  const capabilities = role === "user" ? [] : STAFF_CAPABILITIES[role];
  return (
    <div>
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="mt-1 text-sm text-zinc-400">
        Signed in as {loaderData.name} ({role})
      </p>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
            <dt className="text-sm text-zinc-400">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="areas" className="mt-10">
        <h2 id="areas" className="text-lg font-semibold">
          Your areas
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {capabilities.map((capability) => (
            <li key={capability} className="rounded-full border border-ink-700 px-3 py-1 text-sm text-zinc-300">
              {CAPABILITY_LABELS[capability] ?? capability}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
