import { NavLink, Outlet, useLocation } from "react-router";
import { type Capability, canStaff } from "~/features/access";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/layout";

/**
 * The staff area's frame: a navigation of the screens the viewer's role may open (docs/decisions/005). It
 * protects nothing by itself: every child loader and action calls requireStaff with its capability, and
 * every use case checks it again.
 */
const LINKS: { to: string; label: string; capability: Capability }[] = [
  { to: "/admin/dashboard", label: "Dashboard", capability: "dashboard" },
  { to: "/admin/influencer", label: "Influencers", capability: "influencers" },
  { to: "/admin/refunds", label: "Refunds owed", capability: "payouts" },
  { to: "/admin/games", label: "Games", capability: "catalogue" },
  { to: "/admin/platforms", label: "Platforms", capability: "catalogue" },
  { to: "/admin/banners", label: "Banners", capability: "catalogue" },
  { to: "/admin/reported-users", label: "Reported users", capability: "moderation" },
  { to: "/admin/reported-reviews", label: "Reported reviews", capability: "moderation" },
  { to: "/admin/banned-users", label: "Banned users", capability: "moderation" },
  { to: "/admin/account-closures", label: "Account closures", capability: "moderation" },
  { to: "/admin/manage-promo-codes", label: "Promo codes", capability: "promoCodes" },
  { to: "/admin/configurations", label: "Configurations", capability: "configurations" },
  { to: "/admin/terms-of-services", label: "Terms of service", capability: "content" },
  { to: "/admin/privacy-policy", label: "Privacy policy", capability: "content" },
  { to: "/admin/terms-and-privacy", label: "VIP queue terms", capability: "content" },
  { to: "/admin/faqs", label: "FAQ", capability: "content" },
  { to: "/admin/contact-us-submissions", label: "Contact submissions", capability: "contactSubmissions" },
  { to: "/admin/verify-onboarding-details", label: "Onboarding", capability: "onboarding" },
  { to: "/admin/noobrd-giveaway", label: "Giveaway", capability: "giveaway" },
  { to: "/admin/audit-log", label: "Audit log", capability: "audit" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, envOf(context));
  const links = LINKS.filter((link) => canStaff(viewer.role, link.capability)).map(({ to, label }) => ({ to, label }));
  return { links, role: viewer.role };
}

/** The staff screens' links, drawn as a column on wide screens and inside the phone's menu alike. */
function StaffLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="mt-2 flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            className={({ isActive }) =>
              `block rounded-lg px-3 py-1.5 text-sm ${isActive ? "bg-brand-600 font-semibold" : "hover:bg-ink-800"}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a phone the staff menu is one line that opens (a `<details>`, so it works without JavaScript) naming the
 * screen shown; from lg up it is a column beside the content. React Router closes the phone's menu on each
 * navigation by giving it a new key.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const current = loaderData.links.find((link) => pathname.startsWith(link.to))?.label ?? "Staff area";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <nav aria-label="Staff" className="shrink-0 lg:w-56">
        <details key={pathname} className="rounded-xl border border-ink-700 bg-ink-900 lg:hidden">
          <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              <span className="text-zinc-400">Staff · {loaderData.role} · </span>
              <span className="font-semibold">{current}</span>
            </span>
            <span aria-hidden="true" className="text-zinc-400">
              Menu ▾
            </span>
          </summary>
          <div className="px-2 pb-2">
            <StaffLinks links={loaderData.links} />
          </div>
        </details>
        <div className="hidden lg:block">
          <p className="text-xs uppercase tracking-wide text-zinc-400">Staff · {loaderData.role}</p>
          <StaffLinks links={loaderData.links} />
        </div>
      </nav>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
