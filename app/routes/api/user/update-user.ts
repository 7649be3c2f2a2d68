import { updateNames } from "~/features/profile/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/update_user { fullName }: the caller's display name. */
export const action = jsonAction(
  { schema: z.object({ fullName: z.string().trim().min(1, "Please enter your name").max(80) }), auth: true },
  async ({ env, input, viewer }) => {
    await updateNames(env, viewer.id, input.fullName);
    return { message: "Profile updated successfully" };
  },
);
