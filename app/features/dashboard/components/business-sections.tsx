import { Form, Link } from "react-router";
import { DataTable } from "~/lib/ui/data-table";

/** Orders, earnings list, payout history and promo codes on the streamer dashboard (plain links and GET forms). */
const card = "rounded-2xl border border-ink-700 bg-ink-900 p-6 lg:col-span-2";

function Pager({
  page,
  totalPages,
  href,
  label,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset>
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={href(page + 1)} preventScrollReset>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

type OrderRow = {
  id: string;
  buyer: string;
  gig: string | null;
  kind: string;
  status: string;
  statusText: string;
  amount: string;
  gamertags: string[];
  createdAt: Date;
};

export function OrdersSection({
  orders,
  page,
  totalPages,
  year,
  month,
  error,
  href,
}: {
  orders: OrderRow[];
  page: number;
  totalPages: number;
  year?: number;
  month?: number;
  error: string | null;
  href: (page: number) => string;
}) {
  return (
    <section aria-labelledby="orders" id="orders-section" className={card}>
      <h2 id="orders" className="text-lg font-semibold">
        Orders {year && month ? `· ${year}-${String(month).padStart(2, "0")}` : ""}
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3 text-sm" aria-describedby="orders-month-hint">
        <label className="flex flex-col gap-1">
          <span className="text-zinc-300">Year</span>
          <input
            name="year"
            type="number"
            inputMode="numeric"
            defaultValue={year}
            min={2000}
            max={2100}
            placeholder="2026"
            className="w-24 rounded-lg border border-ink-700 bg-ink-800 px-2 py-2"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-zinc-300">Month (1–12)</span>
          <input
            name="month"
            type="number"
            inputMode="numeric"
            defaultValue={month}
            min={1}
            max={12}
            placeholder="11"
            className="w-24 rounded-lg border border-ink-700 bg-ink-800 px-2 py-2"
          />
        </label>
        <button type="submit" className="rounded-lg bg-ink-700 px-3 py-2">
          Show month
        </button>
        <Link to="/influencer/dashboard#orders-section" className="rounded-lg px-2 py-2 text-brand-400">
          All orders
        </Link>
        <p id="orders-month-hint" className="w-full text-xs text-zinc-400">
          One month's orders: a year and a month, e.g. 2026 and 11 for November 2026.
        </p>
      </Form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <DataTable
        rows={orders}
        empty="No orders."
        columns={[
          { header: "Buyer", cell: (o) => `@${o.buyer}` },
          { header: "Gig", cell: (o) => o.gig ?? o.kind },
          { header: "Gamer tags", cell: (o) => o.gamertags.join(", ") },
          { header: "Status", cell: (o) => o.statusText },
          { header: "Net paid", cell: (o) => o.amount },
        ]}
      />
      <Pager page={page} totalPages={totalPages} href={href} label="Orders pages" />
    </section>
  );
}

type EarningRow = {
  orderId: string;
  buyer: string;
  gig: string | null;
  gross: string;
  fee: string;
  net: string;
  paidAt: Date | null;
};

export function EarningsListSection({
  days,
  rows,
  total,
  page,
  totalPages,
  href,
  daysHref,
}: {
  days: number;
  rows: EarningRow[];
  total: string;
  page: number;
  totalPages: number;
  href: (page: number) => string;
  daysHref: (days: number) => string;
}) {
  return (
    <section aria-labelledby="earnings-list" id="earnings-section" className={card}>
      <h2 id="earnings-list" className="text-lg font-semibold">
        Earnings, last {days} days: {total}
      </h2>
      <nav aria-label="Earnings window" className="mt-2 flex gap-2 text-sm">
        {[7, 30, 90].map((n) => (
          <Link
            key={n}
            to={daysHref(n)}
            preventScrollReset
            aria-current={n === days ? "page" : undefined}
            className={`rounded-full px-3 py-1 ${n === days ? "bg-brand-600" : "bg-ink-800"}`}
          >
            {n} days
          </Link>
        ))}
      </nav>
      <DataTable
        rows={rows.map((r) => ({ ...r, id: r.orderId }))}
        empty="No earnings in this period."
        columns={[
          { header: "Buyer", cell: (r) => `@${r.buyer}` },
          { header: "Gig", cell: (r) => r.gig ?? "—" },
          { header: "Paid", cell: (r) => r.gross },
          { header: "Fee", cell: (r) => r.fee },
          { header: "Net", cell: (r) => r.net },
        ]}
      />
      <Pager page={page} totalPages={totalPages} href={href} label="Earnings pages" />
    </section>
  );
}

type PayoutRow = {
  id: string;
  period: string;
  orders: number;
  gross: string;
  fee: string;
  taxes: string;
  net: string;
  status: string;
};

export function PayoutsSection({
  rows,
  page,
  totalPages,
  href,
}: {
  rows: PayoutRow[];
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  return (
    <section aria-labelledby="payouts" id="payouts-section" className={card}>
      <h2 id="payouts" className="text-lg font-semibold">
        Payout history
      </h2>
      <DataTable
        rows={rows}
        empty="No payouts yet."
        columns={[
          { header: "Period", cell: (p) => p.period },
          { header: "Orders", cell: (p) => p.orders },
          { header: "Gross", cell: (p) => p.gross },
          { header: "Platform fee", cell: (p) => p.fee },
          { header: "Taxes", cell: (p) => p.taxes },
          { header: "Net", cell: (p) => p.net },
          { header: "Status", cell: (p) => p.status },
        ]}
      />
      <Pager page={page} totalPages={totalPages} href={href} label="Payout pages" />
    </section>
  );
}

type PromoRow = { id: string; code: string; value: string; uses: number; active: boolean };

export function PromoCodesSection({ rows }: { rows: PromoRow[] }) {
  return (
    <section aria-labelledby="promo" className={card}>
      <h2 id="promo" className="text-lg font-semibold">
        Your promo codes
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">No promo codes for your gigs yet.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-3 text-sm">
          {rows.map((p) => (
            <li key={p.id} className="rounded-lg border border-ink-700 px-3 py-2">
              <strong>{p.code}</strong> · {p.value} · used {p.uses} {p.uses === 1 ? "time" : "times"}{" "}
              {p.active ? "" : "· inactive"}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
