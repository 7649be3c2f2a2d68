import { gamertagsSchema, PROFILE_COPY } from "~/features/profile";
import { replaceGamertags } from "~/features/profile/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/update_user_gamerTag { gamertags: [{ platform, tag }] }: replaces the caller's gamertags. */
export const action = jsonAction({ schema: gamertagsSchema, auth: true }, async ({ env, input, viewer }) => {
  await replaceGamertags(env, viewer.id, input.gamertags);
  return { message: PROFILE_COPY.gamertagsUpdated };
});
