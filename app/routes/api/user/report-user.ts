import { PROFILE_COPY, reportSchema } from "~/features/profile";
import { reportUser } from "~/features/profile/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/post/report-user-account { reportedUserId, reason, details? } */
export const action = jsonAction({ schema: reportSchema, auth: true }, async ({ env, input, viewer }) => {
  await reportUser(env, viewer.id, input);
  return { message: PROFILE_COPY.reported };
});
