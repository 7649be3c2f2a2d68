import { isPlaceholderText } from "~/lib/placeholder-text";
import { z } from "~/lib/zod";
import { GAMERTAG_PLATFORMS } from "~db/schema";

/** The platforms a gamer tag can be for (the profile form offers them). */
export { GAMERTAG_PLATFORMS };

export const SOCIAL_NETWORKS = [
  "twitch",
  "youtube",
  "x",
  "instagram",
  "tiktok",
  "discord",
  "kick",
  "facebook",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const bioSchema = z.object({
  bio: z.string().trim().max(1000, "Bio must be at most 1000 characters").default(""),
});

const link = z
  .string()
  .trim()
  .max(300, "Link is too long")
  .refine((value) => value === "" || /^https:\/\/[^\s]+\.[^\s]+$/.test(value), "Use a full https:// link");

/** Every network as an optional https link; an empty field removes that link. */
export const socialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, link.optional().default("")])) as Record<
    SocialNetwork,
    z.ZodDefault<z.ZodOptional<typeof link>>
  >,
);

export const socialKeySchema = z.enum(SOCIAL_NETWORKS);

const gamertagSchema = z.object({
  platform: z.enum(GAMERTAG_PLATFORMS, { error: "Pick a network" }),
  tag: z
    .string({ error: "Enter your gamertag" })
    .trim()
    .min(1, "Enter your gamertag")
    .max(64, "Gamertag is too long")
    .refine((tag) => !isPlaceholderText(tag), "Enter your gamertag"),
});

/** The most gamer tags one account keeps. */
export const GAMERTAGS_MAX = 20;

export const gamertagsSchema = z.object({
  gamertags: z.array(gamertagSchema).max(GAMERTAGS_MAX, `At most ${GAMERTAGS_MAX} gamertags`).default([]),
});

export const reportSchema = z.object({
  reportedUserId: z.string({ error: "Which account?" }).trim().min(1, "Which account?"),
  reason: z.string({ error: "Please give a reason" }).trim().min(3, "Please give a reason").max(500),
  details: z.string().trim().max(2000).optional(),
});

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
