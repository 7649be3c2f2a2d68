import { validTimeZone } from "~/features/time";
import { singleLine } from "~/lib/validation";
import { z } from "~/lib/zod";
import { SLOT_COPY as M } from "./copy";

export const REPEAT_WEEKS_MAX = 12;
/** docs/domain.md: slot users per lobby page 4; influencer slots limit 5; monthly orders 15. */
export const SLOT_BUYERS_PAGE = 4;
export const UPCOMING_SLOTS_LIMIT = 5;

export const addSlotsSchema = z.object({
  productId: z.string({ error: M.gigRequired }).trim().min(1, M.gigRequired),
  date: z.string({ error: M.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, M.dateRequired),
  startTime: z.string({ error: M.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeRequired),
  timeZone: z
    .string()
    .trim()
    .optional()
    .default("UTC")
    .refine((zone) => validTimeZone(zone) !== null, M.timeZone),
  seats: z.coerce.number({ error: M.seats }).int(M.seats).min(1, M.seats).max(100, M.seats).optional(),
  repeatWeeks: z.coerce
    .number({ error: M.repeat })
    .int(M.repeat)
    .min(0, M.repeat)
    .max(REPEAT_WEEKS_MAX, M.repeat)
    .optional()
    .default(0),
});
export type AddSlotsInput = z.output<typeof addSlotsSchema> & { drop?: boolean };

/** A checkbox: ticked sends "on"; unticked sends nothing. */
const checkbox = z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean());

/**
 * The calendar's "Add slots" form: the API's fields and "These times are a drop" (docs/decisions/042). The API's
 * shape (POST /api/post/influencer/slots/add) stays as docs/domain.md gives it; a drop is the page's.
 */
export const addSlotsFormSchema = addSlotsSchema.extend({ drop: checkbox.optional().default(false) });

/** The calendar's drop switch on one slot: `drop` "on" marks it a drop, "off" takes the mark away. */
export const slotDropSchema = z.object({
  slotId: z.string().trim().min(1, M.notFound),
  drop: z.enum(["on", "off"], { error: M.dropChoice }),
});

export const lobbyCodeSchema = z.object({
  slotId: z.string().trim().min(1, M.notFound),
  lobbyCode: singleLine(
    z.string({ error: M.lobbyRequired }).trim().min(1, M.lobbyRequired).max(64, "At most 64 characters"),
  ),
});

export const cancelSlotSchema = z.object({ slotId: z.string().trim().min(1, M.notFound) });

/** The calendar's "Offer another time": the booked slot and the gig's other time its buyers are offered. */
export const offerMoveSchema = cancelSlotSchema.extend({
  toSlotId: z.string({ error: M.moveTargetRequired }).trim().min(1, M.moveTargetRequired).max(64),
});

export const monthSchema = z.object({
  month: z.coerce.number({ error: M.monthRequired }).int().min(1, M.monthRequired).max(12, M.monthRequired),
  year: z.coerce.number({ error: M.monthRequired }).int().min(2000, M.monthRequired).max(2100, M.monthRequired),
});
