import { z } from "~/lib/zod";
import { PASSES_COPY } from "./copy";
import { PASS_BOUNDS } from "./rules";

const int = (message: string, bounds: { min: number; max: number }) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });

/** The streamer's VIP pass form (a plain form on /influencer/pass; JavaScript not needed). */
export const passOfferSchema = z.object({
  places: int(PASSES_COPY.placesRange, PASS_BOUNDS.places),
  /** The pass's price in major units of the streamer's currency, as typed ("1999" or "49.99"). */
  price: z.coerce
    .number({ error: "Enter the pass's price" })
    .positive({ error: "Enter the pass's price" })
    .max(100_000, { error: "Price can be at most 1,00,000" }),
  validDays: int(PASSES_COPY.daysRange, PASS_BOUNDS.validDays),
  active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
});
export type PassOfferDraft = z.output<typeof passOfferSchema>;
