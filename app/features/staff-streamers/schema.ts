import { signupSchema } from "~/features/auth";
import { z } from "~/lib/zod";
import { STREAMER_LIST_DEFAULTS as D } from "./rules";

/** Inputs of the staff influencer screens and their /api twins; no server code here. */
export const STREAMER_SORTS = ["fullName_asc", "fullName_desc", "createdAt_desc", "createdAt_asc"] as const;

export const streamerListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(D.page),
  limit: z.coerce.number().int().min(1).max(100).optional().default(D.limit),
  sort: z.enum(STREAMER_SORTS).optional().default(D.sort),
  search: z.string().trim().max(80).optional().default(""),
});
export type StreamerListQuery = z.output<typeof streamerListSchema>;

const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/** fees_percentage: 0..100 with up to 2 decimals (stored as basis points). */
export const platformFeeSchema = z.object({
  fees_percentage: z.coerce
    .number({ error: "Enter a percentage" })
    .min(0, "Between 0 and 100")
    .max(100, "Between 0 and 100")
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, "At most 2 decimals"),
});

export const showAtLandingSchema = z.object({ showAtLanding: checkbox });
export const removeStreamerSchema = z.object({ removeClean: checkbox.optional().default(false) });

export const registerStreamerSchema = signupSchema
  .pick({ username: true, email: true, country: true })
  .extend({ fullName: z.string({ error: "Enter their name" }).trim().min(1, "Enter their name").max(80) });
export type RegisterStreamerInput = z.output<typeof registerStreamerSchema>;
