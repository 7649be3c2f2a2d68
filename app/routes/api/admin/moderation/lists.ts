import { moderationListSchema } from "~/features/moderation";
import { listBans, listReports } from "~/features/moderation/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/admin/all-reported-accounts, /api/admin/all-reviewed-reported-accounts and
 * /api/admin/all-banned-accounts (page, limit; defaults 1 and 10). An empty list is 200 with no rows.
 */
export const loader = jsonLoader(
  { schema: moderationListSchema, auth: true, staff: "moderation" },
  async ({ request, env, viewer, input }) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith("/all-banned-accounts")) return listBans(env, viewer, input);
    return listReports(env, viewer, path.endsWith("/all-reviewed-reported-accounts") ? "reviewed" : "pending", input);
  },
);
