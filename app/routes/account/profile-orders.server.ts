import type { RouterContextProvider } from "react-router";
import type { Viewer } from "~/features/access";
import { orderListQuerySchema, orderSectionPagesSchema } from "~/features/booking";
import { listUserOrderSections } from "~/features/booking/index.server";
import { currencyCodeFor, displayCurrency } from "~/features/currency";
import { getUsdInrRate } from "~/features/currency/index.server";
import { walletOverview } from "~/features/wallet/index.server";
import { firstIssue } from "~/lib/validation";
import { cloudflareContext } from "~/platform/context";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";

/**
 * What /profile shows of the fan's money: their orders in sections (Upcoming, Past, Cancelled, Checkout not
 * completed), each paged on its own (?upcomingPage, ?pastPage, ...), ?year and ?month (both or neither), the
 * wallet from the ledger in their currency. A month is a month in the viewer's zone (docs/decisions/019).
 */
export async function loadOrdersAndWallet(request: Request, context: Readonly<RouterContextProvider>, viewer: Viewer) {
  const { env } = context.get(cloudflareContext);
  const params = new URL(request.url).searchParams;
  const query = orderListQuerySchema.safeParse({
    page: null,
    year: params.get("year"),
    month: params.get("month"),
  });
  const month =
    query.success && query.data.year !== undefined && query.data.month !== undefined
      ? { year: query.data.year, month: query.data.month }
      : undefined;
  const pages = orderSectionPagesSchema.parse(Object.fromEntries(params));
  const timeZone = await viewerTimeZone(request, context);
  const [orders, wallet, rate] = await Promise.all([
    query.success
      ? listUserOrderSections(env, viewer, viewer.id, {
          pages,
          limit: query.data.limit,
          month,
          timeZone,
        })
      : null,
    walletOverview(env, viewer.id),
    getUsdInrRate(env),
  ]);
  return {
    orders,
    ordersFilter: { year: month?.year, month: month?.month },
    ordersError: query.success ? null : firstIssue(query.error, { fallback: "Year and month are required" }),
    wallet,
    display: displayCurrency(currencyCodeFor(viewer.country), rate?.rateMicros, rate?.fetchedAt),
  };
}
