import { MODERATION_MESSAGES as M } from "~/features/moderation/messages";
import { unbanUsers } from "~/features/moderation/moderation.server";
import { banIdsSchema } from "~/features/moderation/schema";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/unban-user-accounts {banIds} */
export const action = jsonAction(
  { schema: banIdsSchema, auth: true, staff: "moderation" },
  async ({ env, viewer, input }) => ({ message: M.unbanned, ...(await unbanUsers(env, viewer, input.banIds)) }),
);
