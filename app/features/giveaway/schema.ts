import { singleLine } from "~/lib/validation";
import { z } from "~/lib/zod";

/** Inputs of /admin/noobrd-giveaway and its /api twins; no server code here. */
const DAY = 86_400_000;
const dateOnly = (endOfDay: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z` : v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: "Choose a valid date" });
        return z.NEVER;
      }
      return date;
    });

/** A period (defaults: the last 7 days up to now). */
export const giveawayPeriodSchema = z
  .object({ startTime: dateOnly(false), endTime: dateOnly(true) })
  .transform(({ startTime, endTime }) => {
    const end = endTime ?? new Date();
    return { startTime: startTime ?? new Date(end.getTime() - 7 * DAY), endTime: end };
  })
  .refine((p) => p.startTime <= p.endTime, { message: "The period must start before it ends" });

export const giveawayNotifySchema = z.object({
  slotId: z.string({ error: "Choose a slot" }).trim().min(1, "Choose a slot").max(64),
  lobbyCode: singleLine(
    z
      .string({ error: "Enter the lobby code" })
      .trim()
      .min(1, "Enter the lobby code")
      .max(64, "The lobby code is at most 64 characters"),
  ),
});
