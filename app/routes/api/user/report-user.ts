import { PROFILE_MESSAGES } from "~/features/profile/messages";
import { reportUser } from "~/features/profile/profile.server";
import { reportSchema } from "~/features/profile/schema";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/post/report-user-account { reportedUserId, reason, details? } */
export const action = jsonAction({ schema: reportSchema, auth: true }, async ({ env, input, viewer }) => {
  await reportUser(env, viewer.id, input);
  return { message: PROFILE_MESSAGES.reported };
});
