import { bioSchema, PROFILE_COPY } from "~/features/profile";
import { updateBio } from "~/features/profile/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/update_user_bio { bio } */
export const action = jsonAction({ schema: bioSchema, auth: true }, async ({ env, input, viewer }) => {
  await updateBio(env, viewer.id, input.bio);
  return { message: PROFILE_COPY.bioUpdated };
});
