import { banIdsSchema, MODERATION_COPY } from "~/features/moderation";
import { unbanUsers } from "~/features/moderation/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/unban-user-accounts {banIds} */
export const action = jsonAction(
  { schema: banIdsSchema, auth: true, staff: "moderation" },
  async ({ env, viewer, input }) => ({
    message: MODERATION_COPY.unbanned,
    ...(await unbanUsers(env, viewer, input.banIds)),
  }),
);
