import { z } from "zod";

/** Top-ups: whole dollars between $5 and $500 (USD minor units in the order). */
export const TOPUP_MIN_MINOR = 500;
export const TOPUP_MAX_MINOR = 50_000;
export const TOPUP_RANGE_MESSAGE = `Top up between $${TOPUP_MIN_MINOR / 100} and $${TOPUP_MAX_MINOR / 100}`;

export const topupSchema = z.object({
  amount: z.coerce
    .number({ error: TOPUP_RANGE_MESSAGE })
    .int(TOPUP_RANGE_MESSAGE)
    .min(TOPUP_MIN_MINOR / 100, TOPUP_RANGE_MESSAGE)
    .max(TOPUP_MAX_MINOR / 100, TOPUP_RANGE_MESSAGE),
});
