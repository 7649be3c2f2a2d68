import { STREAMER_PROFILE_COPY, suggestStarSchema } from "~/features/streamer";
import { suggestStar } from "~/features/streamer/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/suggeststar {starName} */
export const action = jsonAction({ schema: suggestStarSchema, auth: true }, async ({ env, input, viewer }) => {
  await suggestStar(env, viewer, input.starName);
  return { message: STREAMER_PROFILE_COPY.suggested };
});
