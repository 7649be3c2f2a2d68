import { PROFILE_COPY, socialLinksSchema } from "~/features/profile";
import { updateSocialLinks } from "~/features/profile/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/update-social-links { updatedLinks: { twitch: "https://...", ... } } */
export const action = jsonAction(
  { schema: z.object({ updatedLinks: socialLinksSchema }), auth: true },
  async ({ env, input, viewer }) => {
    const socialLinks = await updateSocialLinks(env, viewer.id, input.updatedLinks);
    return { message: PROFILE_COPY.socialUpdated, socialLinks };
  },
);
