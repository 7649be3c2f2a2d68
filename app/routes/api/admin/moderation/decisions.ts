import { MODERATION_COPY, reportIdsSchema } from "~/features/moderation";
import { banReportedUsers, markReportsReviewed } from "~/features/moderation/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/mark-reviewed-user-accounts {reportIds} and /api/admin/ban-user-accounts {reportIds}. */
export const action = jsonAction(
  { schema: reportIdsSchema, auth: true, staff: "moderation" },
  async ({ request, env, viewer, input }) => {
    if (new URL(request.url).pathname.endsWith("/ban-user-accounts")) {
      return { message: MODERATION_COPY.banned, ...(await banReportedUsers(env, viewer, input.reportIds)) };
    }
    return { message: MODERATION_COPY.reviewed, ...(await markReportsReviewed(env, viewer, input.reportIds)) };
  },
);
