import { z } from "~/lib/zod";
import { PAYOUT_COPY } from "./copy";

/**
 * Inputs of the staff payout screens and their /api twins (docs/domain.md, "Payout"). One schema
 * per action, used by the Conform form in the browser and again on the server.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant: ISO date-time, or a date (a period's end date means the end of that UTC day). */
const instant = (endOfDay: boolean) =>
  z
    .string({ error: "Choose a date" })
    .trim()
    .min(1, "Choose a date")
    .transform((value, ctx) => {
      const date = new Date(DATE_ONLY.test(value) && endOfDay ? `${value}T23:59:59.999Z` : value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: "Choose a valid date" });
        return z.NEVER;
      }
      return date;
    });

export const periodSchema = z
  .object({ startTime: instant(false), endTime: instant(true) })
  .refine((p) => p.endTime.getTime() > p.startTime.getTime(), { message: PAYOUT_COPY.period, path: ["endTime"] });

/** A percentage with at most two decimals (stored as basis points). */
const percent = z.coerce
  .number({ error: "Enter a percentage" })
  .min(0, "A percentage is between 0 and 100")
  .max(100, "A percentage is between 0 and 100")
  .refine((value) => Number.isInteger(Math.round(value * 1e6) / 1e4), "Use at most two decimals");

const orderIds = z.array(z.string().trim().min(1).max(64)).min(1, PAYOUT_COPY.noOrders).max(500);

const payoutRatesSchema = z.object({
  platformFeesPercentage: percent.optional(),
  platformFeesIndirectTaxPercentage: percent.optional(),
  indirectTaxPercentage: percent.optional(),
  tdsPercentage: percent.optional(),
});
export type PayoutRatesInput = z.output<typeof payoutRatesSchema>;

export const createPayoutSchema = z
  .object({
    influencerId: z.string().trim().min(1),
    startTime: instant(false),
    endTime: instant(true),
    mergedOrders: orderIds,
  })
  .extend(payoutRatesSchema.shape)
  .refine((p) => p.endTime.getTime() > p.startTime.getTime(), { message: PAYOUT_COPY.period, path: ["endTime"] });
export type CreatePayoutInput = z.output<typeof createPayoutSchema>;

export const editPayoutSchema = z
  .object({ editingPayoutId: z.string().trim().min(1), newMergedOrders: orderIds })
  .extend(payoutRatesSchema.shape);
export type EditPayoutInput = z.output<typeof editPayoutSchema>;

export const payoutIdSchema = z.object({ payoutId: z.string().trim().min(1) });
export const payoutIdsSchema = z.object({ payoutIds: z.array(z.string().trim().min(1)).min(1).max(100) });

/** The percentage of a basis-point value, for forms and JSON (1800 -> 18, 10 -> 0.1). */
export const bpsToPercent = (bps: number) => bps / 100;
export const percentToBps = (percentValue: number) => Math.round(percentValue * 100);

export const validationOrdersSchema = z.object({
  orderIdArray: z.array(z.string().trim().min(1).max(64)).min(1, "Choose at least one order").max(500),
});
