import { useState } from "react";
import { Form, Link } from "react-router";
import { currentMonth, useViewerZone } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { firstIssue } from "~/lib/validation";
import type { OrderPage } from "../orders.server";
import { orderListQuerySchema } from "../orders-schema";
import { OrderCard } from "./order-card";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export type OrdersFilter = { year?: number; month?: number };

function pageHref(page: number, filter: OrdersFilter) {
  const params = new URLSearchParams();
  if (filter.year && filter.month) {
    params.set("year", String(filter.year));
    params.set("month", String(filter.month));
  }
  if (page > 1) params.set("ordersPage", String(page));
  const query = params.toString();
  return `/profile${query ? `?${query}` : ""}#orders`;
}

/** The fan's orders on /profile: 10 a page, optionally of one month (year and month both required). */
export function OrdersSection({
  page,
  filter,
  error,
}: {
  page: OrderPage | null;
  filter: OrdersFilter;
  error: string | null;
}) {
  const zone = useViewerZone();
  const [clientError, setClientError] = useState<string | null>(null);
  const message = clientError ?? error;
  const thisYear = currentMonth(new Date(), zone).year;
  return (
    <section id="orders" aria-label="Your orders" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 className="text-lg font-semibold">Your orders</h2>
      <Form
        method="get"
        action="/profile#orders"
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          const values = Object.fromEntries(new FormData(event.currentTarget));
          const parsed = orderListQuerySchema.safeParse(values);
          if (!parsed.success) {
            event.preventDefault();
            setClientError(firstIssue(parsed.error, { fallback: "Year and month are required" }));
          } else setClientError(null);
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          Year
          <select name="year" defaultValue={filter.year ?? ""} className={inputClass}>
            <option value="">Any</option>
            {Array.from({ length: 4 }, (_, i) => thisYear + 1 - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Month
          <select name="month" defaultValue={filter.month ?? ""} className={inputClass}>
            <option value="">Any</option>
            {MONTHS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
          Show orders
        </button>
        {filter.year ? (
          <Link to="/profile#orders" className="text-sm text-zinc-400 hover:underline">
            All orders
          </Link>
        ) : null}
      </Form>
      {message ? (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {message}
        </p>
      ) : null}

      {page && page.orders.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {page.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      ) : page ? (
        <p className="mt-4 text-sm text-zinc-400">
          {filter.year ? "No orders in that month." : "No orders yet. Book a session from a gig page."}
        </p>
      ) : null}

      {page && page.totalPages > 1 ? (
        <nav aria-label="Order pages" className="mt-4 flex items-center gap-3 text-sm">
          {page.page > 1 ? <Link to={pageHref(page.page - 1, filter)}>← Newer</Link> : null}
          <span className="text-zinc-400">
            Page {page.page} of {page.totalPages}
          </span>
          {page.page < page.totalPages ? <Link to={pageHref(page.page + 1, filter)}>Older →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
