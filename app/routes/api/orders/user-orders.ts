import {
  MONTHLY_ORDERS_PAGE_SIZE,
  monthlyOrdersQuerySchema,
  orderListQuerySchema,
  orderPageJson,
} from "~/features/booking";
import { listUserOrders } from "~/features/booking/index.server";
import { requestViewerZone } from "~/features/time";
import { jsonAction } from "~/routes/api/_lib/json-action.server";
import { parseQuery } from "~/routes/api/_lib/query.server";

/**
 * GET /api/get/orders_by_userid/:id and /api/get/orders/paginated/user/:id (page, limit, optional year and
 * month, both or neither), and /api/get/orders/monthly/user/:id (year and month required). The user themself
 * or order staff; anyone else 404. A month is a month in the caller's zone (docs/decisions/019-viewer-time-zone.md).
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const monthly = new URL(request.url).pathname.includes("/orders/monthly/");
  const query = monthly
    ? parseQuery(request, monthlyOrdersQuerySchema(MONTHLY_ORDERS_PAGE_SIZE))
    : parseQuery(request, orderListQuerySchema);
  const month =
    query.year !== undefined && query.month !== undefined ? { year: query.year, month: query.month } : undefined;
  const { zone: timeZone } = requestViewerZone(request, viewer.timeZone);
  const page = await listUserOrders(env, viewer, params.id ?? "", {
    page: query.page,
    limit: query.limit,
    month,
    timeZone,
  });
  return orderPageJson(page);
});
