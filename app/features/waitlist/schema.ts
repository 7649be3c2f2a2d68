import { z } from "~/lib/zod";
import { WAITLIST_MESSAGES } from "./copy";

/** Joining a slot's waitlist: the slot and how many seats (the page's form; numbers arrive as strings). */
export const joinWaitlistSchema = z.object({
  slotId: z.string({ error: WAITLIST_MESSAGES.slotNotFound }).trim().min(1, WAITLIST_MESSAGES.slotNotFound).max(64),
  seats: z.coerce
    .number({ error: WAITLIST_MESSAGES.seatsRequired })
    .int(WAITLIST_MESSAGES.seatsRequired)
    .min(1, WAITLIST_MESSAGES.seatsRequired)
    .max(100, WAITLIST_MESSAGES.tooManySeats),
});

/** Leaving it: the slot. */
export const leaveWaitlistSchema = z.object({
  slotId: z.string({ error: WAITLIST_MESSAGES.slotNotFound }).trim().min(1, WAITLIST_MESSAGES.slotNotFound).max(64),
});

export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;
