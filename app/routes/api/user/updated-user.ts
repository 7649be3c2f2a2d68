import { userJson } from "~/features/profile";
import { getOwnProfile } from "~/features/profile/index.server";
import { z } from "~/lib/zod";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/updated_user { id }: the caller's own, freshly read user (another id is refused). */
export const action = jsonAction(
  { schema: z.object({ id: z.string().min(1) }), auth: true },
  async ({ env, input, viewer }) => {
    const profile = await getOwnProfile(env, viewer, input.id);
    if (!profile) return jsonError(404, "User not found");
    return { user: userJson({ ...viewer, ...profile }) };
  },
);
