import { useState } from "react";
import { Form, Link } from "react-router";
import { currentMonth, useViewerZone } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { firstIssue } from "~/lib/validation";
import type { OrderSections } from "../order-sections.server";
import { ORDER_SECTION_TITLES, ORDER_SECTIONS, type OrderSection } from "../order-view";
import { orderListQuerySchema } from "../orders-schema";
import { OrderCard } from "./order-card";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export type OrdersFilter = { year?: number; month?: number };

/**
 * The link to one section's page, keeping the month and the other sections' pages (plain links: paging works without
 * JavaScript).
 */
function pageHref(section: OrderSection, page: number, filter: OrdersFilter, sections: OrderSections) {
  const params = new URLSearchParams();
  if (filter.year && filter.month) {
    params.set("year", String(filter.year));
    params.set("month", String(filter.month));
  }
  for (const other of ORDER_SECTIONS) {
    const at = other === section ? page : sections[other].page;
    if (at > 1) params.set(`${other}Page`, String(at));
  }
  const query = params.toString();
  return `/profile${query ? `?${query}` : ""}#orders-${section}`;
}

const EMPTY_TEXT: Record<OrderSection, string> = {
  upcoming: "Nothing booked ahead. Book a session from a gig page.",
  past: "No past sessions yet.",
  cancelled: "No cancelled orders.",
  unpaid: "",
};

/** One section of the fan's orders, paged on its own. */
function OrdersGroup({
  section,
  sections,
  filter,
}: {
  section: OrderSection;
  sections: OrderSections;
  filter: OrdersFilter;
}) {
  const page = sections[section];
  // A checkout never completed is no order of the fan's: its section shows only when there is one.
  if (section === "unpaid" && page.total === 0) return null;
  const title = ORDER_SECTION_TITLES[section];
  return (
    <section
      id={`orders-${section}`}
      aria-labelledby={`orders-${section}-title`}
      className="mt-6"
      data-section={section}
    >
      <h3 id={`orders-${section}-title`} className="text-base font-semibold">
        {title} <span className="text-sm font-normal text-zinc-400">({page.total})</span>
      </h3>
      {section === "unpaid" ? (
        <p className="mt-1 text-xs text-zinc-400">Checkouts you started but did not pay: nothing was charged.</p>
      ) : null}
      {page.orders.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {page.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-zinc-400">{filter.year ? "None in that month." : EMPTY_TEXT[section]}</p>
      )}
      {page.totalPages > 1 ? (
        <nav aria-label={`${title} pages`} className="mt-3 flex items-center gap-3 text-sm">
          {page.page > 1 ? <Link to={pageHref(section, page.page - 1, filter, sections)}>← Previous</Link> : null}
          <span className="text-zinc-400">
            Page {page.page} of {page.totalPages}
          </span>
          {page.page < page.totalPages ? (
            <Link to={pageHref(section, page.page + 1, filter, sections)}>Next →</Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The fan's orders on /profile, in sections (Upcoming, Past, Cancelled, and apart any checkout never completed), each
 * 10 a page on its own, optionally of one month (year and month both required).
 */
export function OrdersSection({
  sections,
  filter,
  error,
}: {
  sections: OrderSections | null;
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

      {sections
        ? ORDER_SECTIONS.map((section) => (
            <OrdersGroup key={section} section={section} sections={sections} filter={filter} />
          ))
        : null}
    </section>
  );
}
