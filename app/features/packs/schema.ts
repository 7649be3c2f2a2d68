import { z } from "~/lib/zod";
import { PACKS_COPY } from "./copy";
import { PACK_BOUNDS } from "./rules";

const int = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).refine(Number.isFinite, { error: message });

/** The streamer's pack form (a plain form on the gig's pack page; JavaScript not needed). */
export const packOfferSchema = z.object({
  sessions: int(PACKS_COPY.sessionsRange)
    .min(PACK_BOUNDS.sessions.min, { error: PACKS_COPY.sessionsRange })
    .max(PACK_BOUNDS.sessions.max, { error: PACKS_COPY.sessionsRange }),
  /** The pack's price in major units of the streamer's currency, as typed ("1999" or "49.99"). */
  price: z.coerce
    .number({ error: "Enter the pack's price" })
    .positive({ error: "Enter the pack's price" })
    .max(100_000, { error: "Price can be at most 1,00,000" }),
  validDays: int(PACKS_COPY.daysRange)
    .min(PACK_BOUNDS.validDays.min, { error: PACKS_COPY.daysRange })
    .max(PACK_BOUNDS.validDays.max, { error: PACKS_COPY.daysRange }),
  active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
});
export type PackOfferDraft = z.output<typeof packOfferSchema>;

/**
 * A fan buying a gig's pack or a streamer's VIP pass: from the wallet, or by card through a Stripe Checkout (ADR 040).
 * The wallet when not said (the form's first choice, and what a client sent before cards).
 */
export const buyPackSchema = z.object({
  paymentMethod: z.enum(["wallet", "card"], { error: PACKS_COPY.payWith }).default("wallet"),
});
export type BuyPackDraft = z.output<typeof buyPackSchema>;
