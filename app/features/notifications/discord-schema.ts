import { z } from "~/lib/zod";

const flag = z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean());

/** The four preferences as a form sends them (an unchecked box is absent, so false). */
export const discordFormSchema = z.object({
  upcomingSlots: flag.optional().default(false),
  favoriteCreatorSlots: flag.optional().default(false),
  favoriteCreatorLive: flag.optional().default(false),
  promotions: flag.optional().default(false),
});

/** POST /api/set-discord-notifications-preferences: any subset; the others are kept. */
export const discordApiSchema = z.object({
  upcomingSlots: flag.optional(),
  favoriteCreatorSlots: flag.optional(),
  favoriteCreatorLive: flag.optional(),
  promotions: flag.optional(),
});

export const botStatusSchema = z.object({ status: flag });
