import { singleLine } from "~/lib/validation";
import { z } from "~/lib/zod";
import { PROFESSIONS } from "~db/schema/constants";
import { STREAMER_PROFILE_COPY } from "./copy";

/** The professions a streamer can pick on their profile. */
export { PROFESSIONS };

/** POST /api/influencer/profile/update {fullName, bio, profession, image} and the /influencer/profile form. */
export const streamerProfileSchema = z.object({
  fullName: z
    .string({ error: STREAMER_PROFILE_COPY.fullNameRequired })
    .trim()
    .min(1, STREAMER_PROFILE_COPY.fullNameRequired)
    .max(100, "At most 100 characters"),
  bio: z.string().trim().max(1000, "Bio must be at most 1000 characters").optional().default(""),
  profession: z.enum(PROFESSIONS, { error: STREAMER_PROFILE_COPY.profession }),
});

export const suggestStarSchema = z.object({
  starName: singleLine(
    z
      .string({ error: STREAMER_PROFILE_COPY.streamerNameRequired })
      .trim()
      .min(1, STREAMER_PROFILE_COPY.streamerNameRequired)
      .max(100, "At most 100 characters"),
  ),
});
