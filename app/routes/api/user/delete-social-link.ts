import { PROFILE_COPY, socialKeySchema } from "~/features/profile";
import { deleteSocialLink } from "~/features/profile/index.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** DELETE /api/social-links/:key */
export const action = jsonAction({ auth: true, methods: ["DELETE"] }, async ({ env, params, viewer }) => {
  const key = socialKeySchema.safeParse(params.key);
  if (!key.success) return jsonError(400, PROFILE_COPY.socialError);
  await deleteSocialLink(env, viewer.id, key.data);
  return { message: PROFILE_COPY.socialRemoved };
});
