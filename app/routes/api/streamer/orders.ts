import { streamerOrderJson, streamerOrders, streamerOrdersQuerySchema } from "~/features/streamer/index.server";
import { requestViewerZone } from "~/features/time";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/get/orders/influencer/:id and /api/get/orders/paginated/influencer/:id (page, limit, optional
 * year and month: 10 a page, or 15 a page for a month in the caller's zone, docs/decisions/019; 'Year and month are
 * required' when only one is given).
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const parsed = streamerOrdersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, { fallback: "Invalid query" }));
  const zone = requestViewerZone(request, viewer?.timeZone).zone;
  const result = await streamerOrders(env, viewer, params.id ?? "", parsed.data, zone);
  return { ...result, orders: result.orders.map(streamerOrderJson) };
});
