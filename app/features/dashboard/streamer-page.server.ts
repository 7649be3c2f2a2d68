import type { Viewer } from "~/features/access";
import { myCalendarFeed } from "~/features/calendar-feed/index.server";
import { baseCurrencyFor } from "~/features/currency";
import { EARNINGS_WINDOWS } from "~/features/earnings";
import { type EarningsInCurrency, paginatedEarnings } from "~/features/earnings/index.server";
import { myOverlay } from "~/features/overlay/index.server";
import { payoutHistory, payoutHistoryQuerySchema, streamerBalance } from "~/features/payouts/index.server";
import { promoOffText } from "~/features/promo";
import { streamerPromoCodes } from "~/features/promo/index.server";
import { streamerOrders, streamerOrdersQuerySchema } from "~/features/streamer/index.server";
import { formatWhen } from "~/features/time";
import { type CurrencyCode, formatMoney, type Money, money } from "~/lib/money";
import { formatTotals, toMajorUnits } from "~/lib/money-math";
import { firstIssue } from "~/lib/validation";
import { getStreamerDashboard } from "./dashboards.server";

/**
 * The streamer dashboard (/influencer/dashboard) as the page shows it: every figure read by its feature's use case,
 * then put in words here (amounts of several currencies as one total per currency, never added up: docs/domain.md,
 * "Money"; moments in the streamer's zone). The route only hands over the URL's parameters and maps this to the page.
 */

const EARNINGS_PAGE_SIZE = 10;

/** The dashboard's list parameters from its URL: blank values are ignored, bad page numbers read as page 1. */
function dashboardQuery(searchParams: URLSearchParams) {
  const params = Object.fromEntries([...searchParams].filter(([, v]) => v !== ""));
  const page = (value: string | undefined) => Math.max(1, Number(value) || 1);
  return {
    orders: streamerOrdersQuerySchema.safeParse({ page: params.ordersPage, year: params.year, month: params.month }),
    // The earnings window the streamer picked, else the shortest.
    days: EARNINGS_WINDOWS.find((n) => String(n) === params.days) ?? EARNINGS_WINDOWS[0],
    earningsPage: page(params.earningsPage),
    payouts: payoutHistoryQuerySchema.parse({ page: page(params.payoutsPage) }),
  };
}

/** One line per currency the orders were paid in. */
function earnedLines(figures: EarningsInCurrency[]): string[] {
  if (figures.length === 0) return ["No earnings yet"];
  return figures.map(
    (f) =>
      `${formatMoney(f.net)} net (${formatMoney(f.gross)} paid, ${formatMoney(f.fee)} platform fee, ${f.orders} ${f.orders === 1 ? "order" : "orders"})`,
  );
}

/** The currencies the chart draws: those the streamer earned in, rupees first, else the streamer's own. */
function chartCurrencies(windows: { byCurrency: EarningsInCurrency[] }[], own: CurrencyCode) {
  const seen = windows.at(-1)?.byCurrency.map((f) => f.currency) ?? [];
  return seen.length ? seen : [own];
}

/** The earnings chart: one series per currency the streamer was paid in, and its figures as a table. */
function earningsChart(windows: { days: number; byCurrency: EarningsInCurrency[] }[], own: CurrencyCode) {
  return {
    labels: windows.map((w) => `Last ${w.days} days`),
    series: chartCurrencies(windows, own).map((currency) => ({
      currency,
      values: windows.map((w) =>
        toMajorUnits(w.byCurrency.find((f) => f.currency === currency)?.net ?? money(0, currency)),
      ),
    })),
    rows: windows.map((w) => ({ label: `Last ${w.days} days`, lines: earnedLines(w.byCurrency) })),
  };
}

/**
 * Everything the streamer dashboard shows the signed-in streamer, for the list pages in `searchParams`, with moments
 * in `zone` and links on `origin`.
 */
export async function streamerDashboardPage(
  env: Env,
  viewer: Viewer,
  input: { searchParams: URLSearchParams; zone: string; origin: string },
) {
  const query = dashboardQuery(input.searchParams);
  const own = baseCurrencyFor(viewer.country);
  const [overview, orders, earningsList, payouts, promos, balance, calendarFeed, overlay] = await Promise.all([
    getStreamerDashboard(env, viewer),
    // A month of orders is a month in the streamer's zone (docs/decisions/019-viewer-time-zone.md).
    streamerOrders(env, viewer, viewer.id, query.orders.success ? query.orders.data : { page: 1 }, input.zone),
    paginatedEarnings(env, viewer, viewer.id, {
      days: query.days,
      page: query.earningsPage,
      limit: EARNINGS_PAGE_SIZE,
    }),
    payoutHistory(env, viewer, viewer.id, query.payouts),
    streamerPromoCodes(env, viewer, viewer.id),
    streamerBalance(env, viewer, viewer.id),
    myCalendarFeed(env, viewer, input.origin),
    myOverlay(env, viewer, input.origin),
  ]);
  const totals = (values: readonly Money[]) => formatTotals(values, own);
  // A payout period in the streamer's zone, in the one form of a moment (app/features/time/format.ts).
  const day = (date: Date) => formatWhen(date, input.zone);
  return {
    orders: {
      rows: orders.orders.map((o) => ({ ...o, amount: formatMoney(o.net) })),
      page: orders.page,
      totalPages: orders.totalPages,
      year: query.orders.success ? query.orders.data.year : undefined,
      month: query.orders.success ? query.orders.data.month : undefined,
      error: query.orders.success ? null : firstIssue(query.orders.error),
    },
    earningsList: {
      days: query.days,
      total: totals(earningsList.totals.map((t) => t.net)),
      page: earningsList.page,
      totalPages: earningsList.totalPages,
      rows: earningsList.earnings.map((e) => ({
        ...e,
        gross: formatMoney(e.inCurrency.gross),
        fee: formatMoney(e.inCurrency.fee),
        net: formatMoney(e.inCurrency.net),
      })),
    },
    payouts: {
      page: payouts.page,
      totalPages: payouts.totalPages,
      rows: payouts.payouts.map((p) => ({
        id: p.id,
        period: `${day(p.periodStart)} to ${day(p.periodEnd)}`,
        orders: p.orders,
        gross: formatMoney(p.gross),
        fee: formatMoney(p.fee),
        taxes: formatMoney(p.taxes),
        net: formatMoney(p.net),
        status: p.status,
      })),
    },
    promos: promos.map((p) => ({ id: p.id, code: p.code, uses: p.uses, active: p.isActive, value: promoOffText(p) })),
    chart: earningsChart(overview.earnings.windows, own),
    feePercent: overview.earnings.feeBps / 100,
    // Where every earned amount stands (paid buyers' money net of refunds, before the platform fee).
    balance: [
      { label: "Paid out to you", value: totals(balance.inCurrency.paidOut) },
      { label: "In payouts being prepared", value: totals(balance.inCurrency.inPayouts) },
      { label: "Ready for your next payout", value: totals(balance.inCurrency.payable) },
      { label: "Waiting for staff to confirm the sessions were played", value: totals(balance.inCurrency.toValidate) },
    ],
    upcoming: overview.upcoming,
    latestOrders: overview.latestOrders.map((o) => ({ ...o, amount: formatMoney(o.net) })),
    queues: overview.queues,
    onboarding: overview.onboarding,
    activeGigs: overview.activeGigs,
    calendarFeed,
    overlay,
  };
}
