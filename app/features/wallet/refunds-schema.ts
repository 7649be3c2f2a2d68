import { z } from "~/lib/zod";

/** The retry button of the refunds-owed page. */
export const refundIdSchema = z.object({ id: z.string().trim().min(1, "Choose a refund").max(64) });
