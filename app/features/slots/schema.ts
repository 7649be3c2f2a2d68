import { validTimeZone } from "~/features/time";
import { singleLine } from "~/lib/validation";
import { z } from "~/lib/zod";
import { SLOT_COPY } from "./copy";

export const REPEAT_WEEKS_MAX = 12;
/** docs/domain.md: slot users per lobby page 4; influencer slots limit 5; monthly orders 15. */
export const SLOT_BUYERS_PAGE = 4;
export const UPCOMING_SLOTS_LIMIT = 5;

export const addSlotsSchema = z.object({
  productId: z.string({ error: SLOT_COPY.gigRequired }).trim().min(1, SLOT_COPY.gigRequired),
  date: z.string({ error: SLOT_COPY.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, SLOT_COPY.dateRequired),
  startTime: z.string({ error: SLOT_COPY.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SLOT_COPY.timeRequired),
  timeZone: z
    .string()
    .trim()
    .optional()
    .default("UTC")
    .refine((zone) => validTimeZone(zone) !== null, SLOT_COPY.timeZone),
  seats: z.coerce
    .number({ error: SLOT_COPY.seats })
    .int(SLOT_COPY.seats)
    .min(1, SLOT_COPY.seats)
    .max(100, SLOT_COPY.seats)
    .optional(),
  repeatWeeks: z.coerce
    .number({ error: SLOT_COPY.repeat })
    .int(SLOT_COPY.repeat)
    .min(0, SLOT_COPY.repeat)
    .max(REPEAT_WEEKS_MAX, SLOT_COPY.repeat)
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
  slotId: z.string().trim().min(1, SLOT_COPY.notFound),
  drop: z.enum(["on", "off"], { error: SLOT_COPY.dropChoice }),
});

export const lobbyCodeSchema = z.object({
  slotId: z.string().trim().min(1, SLOT_COPY.notFound),
  lobbyCode: singleLine(
    z
      .string({ error: SLOT_COPY.lobbyRequired })
      .trim()
      .min(1, SLOT_COPY.lobbyRequired)
      .max(64, "At most 64 characters"),
  ),
});

export const cancelSlotSchema = z.object({ slotId: z.string().trim().min(1, SLOT_COPY.notFound) });

/** The calendar's "Offer another time": the booked slot and the gig's other time its buyers are offered. */
export const offerMoveSchema = cancelSlotSchema.extend({
  toSlotId: z.string({ error: SLOT_COPY.moveTargetRequired }).trim().min(1, SLOT_COPY.moveTargetRequired).max(64),
});

export const monthSchema = z.object({
  month: z.coerce
    .number({ error: SLOT_COPY.monthRequired })
    .int()
    .min(1, SLOT_COPY.monthRequired)
    .max(12, SLOT_COPY.monthRequired),
  year: z.coerce
    .number({ error: SLOT_COPY.monthRequired })
    .int()
    .min(2000, SLOT_COPY.monthRequired)
    .max(2100, SLOT_COPY.monthRequired),
});
