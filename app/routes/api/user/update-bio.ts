import { PROFILE_MESSAGES } from "~/features/profile/messages";
import { updateBio } from "~/features/profile/profile.server";
import { bioSchema } from "~/features/profile/schema";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/update_user_bio { bio } */
export const action = jsonAction({ schema: bioSchema, auth: true }, async ({ env, input, viewer }) => {
  await updateBio(env, viewer.id, input.bio);
  return { message: PROFILE_MESSAGES.bioUpdated };
});
