import { z } from "~/lib/zod";

/** What a browser may report itself (POST /api/track): clicks the server cannot see. */
export const clientEventSchema = z.object({
  name: z.literal("see_all_click", { error: "Unknown event" }),
  section: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, "Unknown section"),
});
