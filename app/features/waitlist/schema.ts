import { z } from "~/lib/zod";
import { WAITLIST_COPY } from "./copy";

/** Joining a slot's waitlist: the slot and how many seats (the page's form; numbers arrive as strings). */
export const joinWaitlistSchema = z.object({
  slotId: z.string({ error: WAITLIST_COPY.slotNotFound }).trim().min(1, WAITLIST_COPY.slotNotFound).max(64),
  seats: z.coerce
    .number({ error: WAITLIST_COPY.seatsRequired })
    .int(WAITLIST_COPY.seatsRequired)
    .min(1, WAITLIST_COPY.seatsRequired)
    .max(100, WAITLIST_COPY.tooManySeats),
  /** The bot check's token, asked for when the slot is in high demand (docs/decisions/033). */
  "cf-turnstile-response": z.string().max(4096).optional(),
});

/** Leaving it: the slot. */
export const leaveWaitlistSchema = z.object({
  slotId: z.string({ error: WAITLIST_COPY.slotNotFound }).trim().min(1, WAITLIST_COPY.slotNotFound).max(64),
});

export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;
