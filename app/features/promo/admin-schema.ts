import { MAX_AMOUNT_MINOR } from "~/lib/money";
import { z } from "~/lib/zod";

/**
 * A promo code as staff write it (docs/domain.md; db/schema/promo.ts): the form speaks in percent
 * and major units, the table in basis points and minor units. Shared by the page (browser and server) and the
 * /api calls; no server code here.
 */
const optionalCount = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int("A whole number").min(1, "At least 1").max(1_000_000).optional(),
);
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

export const promoCodeSchema = z
  .object({
    code: z
      .string({ error: "Enter a code" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, "3 to 32 letters, digits, - or _"),
    description: z.string().trim().max(200).optional().default(""),
    kind: z.enum(["percent", "fixed"], { error: "Choose percent or fixed amount" }),
    /** Percent (0.01..100) or an amount in major units (e.g. 5.50). */
    value: z
      .string({ error: "Enter the discount" })
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, "A number with up to 2 decimals"),
    currency: z
      .enum(["USD", "INR"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    expiresAt: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: "custom", message: "Choose a valid date", path: [] });
          return z.NEVER;
        }
        return date;
      }),
    maxUses: optionalCount,
    maxUsesPerUser: optionalCount,
    /** The streamer's username; empty = the whole site. */
    streamerUsername: z.string().trim().max(40).optional().default(""),
    isActive: checkbox.optional().default(true),
  })
  .transform((input, ctx) => {
    const hundredths = Math.round(Number(input.value) * 100);
    if (input.kind === "percent") {
      if (hundredths < 1 || hundredths > 10_000) {
        ctx.addIssue({ code: "custom", message: "A percent between 0.01 and 100", path: ["value"] });
        return z.NEVER;
      }
      return { ...input, value: hundredths, currency: null };
    }
    if (!input.currency) {
      ctx.addIssue({ code: "custom", message: "Choose the currency of a fixed amount", path: ["currency"] });
      return z.NEVER;
    }
    if (hundredths < 1) {
      ctx.addIssue({ code: "custom", message: "An amount above 0", path: ["value"] });
      return z.NEVER;
    }
    if (hundredths > MAX_AMOUNT_MINOR) {
      ctx.addIssue({ code: "custom", message: "An amount of at most 100,000", path: ["value"] });
      return z.NEVER;
    }
    return { ...input, value: hundredths, currency: input.currency };
  });
export type PromoCodeInput = z.output<typeof promoCodeSchema>;

export const promoActiveSchema = z.object({
  id: z.string().trim().min(1).max(64),
  isActive: checkbox,
});
