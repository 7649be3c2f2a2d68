import type { ReactNode } from "react";
import { Link } from "react-router";
import { CalendarFeedCard } from "~/features/calendar-feed";
import {
  EarningsChart,
  EarningsListSection,
  OrdersSection,
  PayoutsSection,
  PromoCodesSection,
} from "~/features/dashboard";
import { streamerDashboardPage } from "~/features/dashboard/index.server";
import { OverlayCard } from "~/features/overlay";
import { LocalTime } from "~/features/slots";
import { liveDashboardPath } from "~/lib/paths.server";
import { envOf, publicOrigin } from "~/platform/http.server";
import { requireStreamer } from "~/routes/_lib/guards.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Dashboard | Noobrd" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStreamer(request, env);
  const url = new URL(request.url);
  const page = await streamerDashboardPage(env, viewer, {
    searchParams: url.searchParams,
    zone: await viewerTimeZone(request, context),
    origin: publicOrigin(request, env),
  });
  const { orders, earningsList, payouts, promos, ...overview } = page;
  return {
    orders,
    earningsList,
    payouts,
    promos,
    search: url.search,
    name: viewer.fullName,
    isLive: viewer.isLive,
    // The open session's queue dashboard (null while not live).
    queueHref: viewer.liveSessionId ? liveDashboardPath(viewer.liveSessionId) : null,
    ...overview,
  };
}

const card = "rounded-2xl border border-ink-700 bg-ink-900 p-6";
const ONBOARDING_TEXT = {
  not_submitted: "Not submitted yet: add your bank details and signed agreement to get paid.",
  submitted: "Submitted: our team is verifying your details.",
  verified: "Verified: you are ready for payouts.",
} as const;

export default function StreamerDashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 lg:grid-cols-2">
      <header className="flex flex-wrap items-center justify-between gap-4 lg:col-span-2">
        <h1 className="text-3xl font-bold">Welcome back, {d.name}</h1>
        <nav aria-label="Your business" className="flex flex-wrap gap-2 text-sm">
          {d.isLive && d.queueHref ? (
            <Link to={d.queueHref} className="rounded-lg bg-red-600 px-4 py-2 font-semibold">
              Queue Dashboard
            </Link>
          ) : (
            <Link to="/influencer/live/start" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold">
              Go live
            </Link>
          )}
          <Link to="/influencer/products" className="rounded-lg bg-ink-700 px-4 py-2">
            Gigs ({d.activeGigs})
          </Link>
          <Link to="/influencer/calendar-dashboard" className="rounded-lg bg-ink-700 px-4 py-2">
            Calendar
          </Link>
          <Link to="?ordersPage=1#orders-section" className="rounded-lg bg-ink-700 px-4 py-2">
            Orders
          </Link>
          <Link to="?payoutsPage=1#payouts-section" className="rounded-lg bg-ink-700 px-4 py-2">
            Payouts
          </Link>
          <Link to="/influencer/pass" className="rounded-lg bg-ink-700 px-4 py-2">
            VIP pass
          </Link>
          <Link to="/influencer/chat" className="rounded-lg bg-ink-700 px-4 py-2">
            Chat
          </Link>
          <Link to="/influencer/profile" className="rounded-lg bg-ink-700 px-4 py-2">
            Profile
          </Link>
          <Link to="/influencer/onboarding" className="rounded-lg bg-ink-700 px-4 py-2">
            Onboarding
          </Link>
        </nav>
      </header>

      <section aria-labelledby="next-slots" className={card}>
        <h2 id="next-slots" className="text-lg font-semibold">
          Next slots
        </h2>
        {d.upcoming.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">No upcoming slots.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-700">
            {d.upcoming.map((slot) => (
              <li key={slot.id} className="py-2 text-sm">
                <span className="block truncate">{slot.gigTitle ?? "Open slot"}</span>
                <span className="block text-xs text-zinc-400">
                  <LocalTime value={slot.startsAt} /> · {slot.seatsTaken} of {slot.seats} seats taken
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="live-queues" className={card}>
        <h2 id="live-queues" className="text-lg font-semibold">
          Live queues
        </h2>
        {d.queues ? (
          <p className="mt-1 text-sm">
            Live now: {d.queues.title} · {d.queues.vip} VIP · {d.queues.regular} regular in queue
          </p>
        ) : (
          <p className="mt-1 text-sm text-zinc-400">You are not live.</p>
        )}
      </section>
      <section aria-labelledby="latest-orders" className={card}>
        <h2 id="latest-orders" className="text-lg font-semibold">
          Latest orders
        </h2>
        {d.latestOrders.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">No orders yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-700">
            {d.latestOrders.map((order) => (
              // One order in two short lines, cut to the screen's width (the full row is in "All orders").
              <li key={order.id} className="py-2 text-sm">
                <span className="block truncate">
                  @{order.buyer} · {order.gig ?? order.kind}{" "}
                  {order.gamertags.length ? `(${order.gamertags.join(", ")})` : ""}
                </span>
                <span className="block text-xs text-zinc-400">
                  {order.statusText} · {order.amount}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="earnings" className={card}>
        <h2 id="earnings" className="text-lg font-semibold">
          Earnings
        </h2>
        <EarningsChart
          {...d.chart}
          caption={`Net of the ${d.feePercent}% platform fee, in the currency each order was paid in`}
        />
        {/* Folded on a phone's first screens (a <details>, open without JavaScript); the chart says the total. */}
        <details className="mt-4">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-zinc-300">
            Where your earnings stand (before fees)
          </summary>
          <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            {d.balance.map((line) => (
              <div key={line.label} className="flex justify-between gap-3 rounded-lg bg-ink-800 px-3 py-2">
                <dt className="text-zinc-400">{line.label}</dt>
                <dd className="font-semibold tabular-nums">{line.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>

      <Fold title="All orders" open={opened(d.search, ["ordersPage", "year", "month"])}>
        <OrdersSection
          orders={d.orders.rows}
          page={d.orders.page}
          totalPages={d.orders.totalPages}
          year={d.orders.year}
          month={d.orders.month}
          error={d.orders.error}
          href={(page) => withParams(d.search, { ordersPage: page })}
        />
      </Fold>
      <Fold title="Earnings by day" open={opened(d.search, ["earningsPage", "days"])}>
        <EarningsListSection
          days={d.earningsList.days}
          rows={d.earningsList.rows}
          total={d.earningsList.total}
          page={d.earningsList.page}
          totalPages={d.earningsList.totalPages}
          href={(page) => withParams(d.search, { earningsPage: page })}
          daysHref={(days) => withParams(d.search, { days, earningsPage: 1 })}
        />
      </Fold>
      <Fold title="Payouts" open={opened(d.search, ["payoutsPage"])}>
        <PayoutsSection
          rows={d.payouts.rows}
          page={d.payouts.page}
          totalPages={d.payouts.totalPages}
          href={(page) => withParams(d.search, { payoutsPage: page })}
        />
      </Fold>
      <Fold title="Promo codes">
        <PromoCodesSection rows={d.promos} />
      </Fold>
      <Fold title="Calendar feed, stream overlay and onboarding">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {d.calendarFeed ? <CalendarFeedCard urls={d.calendarFeed} returnTo="/influencer/dashboard" streamer /> : null}
          {d.overlay ? <OverlayCard urls={d.overlay} returnTo="/influencer/dashboard" /> : null}
          <section aria-labelledby="status" className={card}>
            <h2 id="status" className="text-lg font-semibold">
              Onboarding
            </h2>
            <p className="mt-1 text-sm" data-testid="onboarding-status">
              {ONBOARDING_TEXT[d.onboarding.status]}
            </p>
          </section>
        </div>
      </Fold>
    </main>
  );
}

/**
 * A section a phone keeps closed until asked (the dashboard's first screen is today's slots, the live queues and the
 * latest orders): a `<details>`, so it opens without JavaScript. A list paged or filtered by the URL opens by itself.
 */
function Fold({ title, open = false, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group lg:col-span-2">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between rounded-2xl border border-ink-700 bg-ink-900 px-6 py-3 font-semibold group-open:mb-4">
        {title}
        <span aria-hidden="true" className="text-zinc-400 group-open:rotate-90">
          ›
        </span>
      </summary>
      {children}
    </details>
  );
}

/** Whether the URL pages or filters one of a folded section's lists (it opens to show it). */
function opened(search: string, keys: string[]) {
  const params = new URLSearchParams(search);
  return keys.some((key) => params.has(key));
}

/** The dashboard URL with some of its list parameters changed (the others kept). */
function withParams(search: string, changes: Record<string, number>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
  return `?${params}`;
}
