import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { PRICE_BOUNDS_MINOR } from "~/lib/price-bounds";
import { multiLine, singleLine, withoutControlCharacters } from "~/lib/validation";
import { z } from "~/lib/zod";
import { GIG_COPY } from "./copy";

/** docs/domain.md: title at most 66 characters; description hint 500-3000. */
export const GIG_TITLE_MAX = 66;
export const GIG_DESCRIPTION_HINT = { min: 500, max: 3000 } as const;
const GIG_TAG_MAX = 40;
const GIG_TAGS_MAX = 10;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** The currency a streamer types prices in: their base currency (INR in India, USD otherwise). */
export type BaseCurrency = CurrencyCode;

/** Tags as typed (Enter or comma): trimmed, non-empty, no duplicates (case-insensitive), in order. */
export function normaliseTags(raw: unknown): string[] {
  const parts: string[] = [];
  const push = (value: unknown) => {
    if (typeof value === "string") parts.push(...value.split(","));
    else if (value && typeof value === "object" && "name" in value) push((value as { name: unknown }).name);
  };
  if (Array.isArray(raw)) for (const item of raw) push(item);
  else push(raw);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    // Control characters never reach a tag (the database would refuse it): they are dropped as typed.
    const tag = withoutControlCharacters(part).trim().replace(/^#/, "").slice(0, GIG_TAG_MAX).trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags.slice(0, GIG_TAGS_MAX);
}

const requirement = z.object({ key: z.string().trim().optional(), value: z.string().trim().optional() });

/** The message for a price outside its currency's bounds (app/lib/price-bounds.ts), in the product's own words (docs/domain.md, "Copy"). */
export function priceBoundMessage(currency: BaseCurrency, breach: "below" | "above"): string {
  if (breach === "below") return currency === "INR" ? GIG_COPY.priceMinInr : GIG_COPY.priceMinUsd;
  return currency === "INR" ? GIG_COPY.priceMaxInr : GIG_COPY.priceMaxUsd;
}

/**
 * The price limits said before a price is typed ("From ₹100 to ₹1,00,000"): the bounds a price is checked against
 * (PRICE_BOUNDS_MINOR), formatted in the streamer's currency.
 */
export function priceLimitsHint(currency: BaseCurrency): string {
  const bounds = PRICE_BOUNDS_MINOR[currency];
  const amount = (amountMinor: number) => formatMoney(money(amountMinor, currency));
  return `From ${amount(bounds.min)} to ${amount(bounds.max)}`;
}

/**
 * Price typed in the streamer's base currency: digits with up to 2 decimals, within that currency's bounds
 * (PRICE_BOUNDS_MINOR, compared in exact minor units). Gigs and VIP prices, page and API alike.
 */
export function priceSchema(baseCurrency: BaseCurrency) {
  const bounds = PRICE_BOUNDS_MINOR[baseCurrency];
  const minMessage = priceBoundMessage(baseCurrency, "below");
  return z.coerce
    .string({ error: minMessage })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, GIG_COPY.priceFormat)
    .refine((value) => value.length > 16 || priceToMinor(value) >= bounds.min, minMessage)
    .refine(
      (value) => value.length <= 16 && priceToMinor(value) <= bounds.max,
      priceBoundMessage(baseCurrency, "above"),
    );
}

/** Requirements: every key and value non-empty ("Please fill all the requirements"). Shared by gigs and live sessions. */
export const requirementsSchema = z
  .array(requirement)
  .optional()
  .default([])
  .refine((rows) => rows.every((row) => !!row.key && !!row.value), GIG_COPY.requirements)
  .transform((rows) => rows.map((row) => ({ key: row.key ?? "", value: row.value ?? "" })));

/** Tags as typed (Enter or comma), normalised by `normaliseTags`. */
export const tagsSchema = z.preprocess(normaliseTags, z.array(z.string())).optional().default([]);

/** Game, mode and platform ids, as the gig and live-session forms name them. */
export const gameChoiceSchema = {
  _game_id: z.string({ error: GIG_COPY.gameRequired }).trim().min(1, GIG_COPY.gameRequired),
  _game_mode_id: z.string({ error: GIG_COPY.modeRequired }).trim().min(1, GIG_COPY.modeRequired),
  _platform_playing_on_id: z.string({ error: GIG_COPY.platformRequired }).trim().min(1, GIG_COPY.platformRequired),
};

/**
 * The gig form, shared by the page (Conform, with and without JavaScript) and the API. The price is checked
 * against the minimum of the streamer's base currency, so the schema is made for that currency.
 */
/**
 * How long one session of a gig lasts, in minutes: the bounds (migration 0022's triggers hold the same numbers) and
 * the gig form's choices. Left unset, a session lasts its game mode's length.
 */
const SESSION_MINUTES_BOUNDS = { min: 5, max: 480 } as const;
export const SESSION_MINUTES_CHOICES = [15, 20, 30, 45, 60, 90, 120, 180, 240] as const;

const sessionMinutesSchema = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ error: GIG_COPY.sessionMinutes })
    .int(GIG_COPY.sessionMinutes)
    .min(SESSION_MINUTES_BOUNDS.min, GIG_COPY.sessionMinutes)
    .max(SESSION_MINUTES_BOUNDS.max, GIG_COPY.sessionMinutes)
    .optional(),
);

export function gigSchema(baseCurrency: BaseCurrency) {
  return z.object({
    product_title: singleLine(
      z
        .string({ error: GIG_COPY.titleRequired })
        .trim()
        .min(1, GIG_COPY.titleRequired)
        .max(GIG_TITLE_MAX, GIG_COPY.titleTooLong),
    ),
    product_desc: multiLine(z.string().trim().max(GIG_DESCRIPTION_HINT.max, GIG_COPY.descriptionTooLong))
      .optional()
      .default(""),
    ...gameChoiceSchema,
    price: priceSchema(baseCurrency),
    session_minutes: sessionMinutesSchema,
    requirements: requirementsSchema,
    session_tags: tagsSchema,
  });
}

export type GigInput = z.output<ReturnType<typeof gigSchema>>;

/** "12.5" -> 1250 minor units, exactly (no float arithmetic). */
export function priceToMinor(price: string): number {
  const [whole = "0", fraction = ""] = price.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export const inactiveGigsQuerySchema = z.object({
  filter: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(50).optional().default(15),
});

/** Requirement rows left entirely blank in the form are not requirements (a half-filled row is an error). */
export function withoutBlankRequirements(formData: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of formData.entries()) if (!name.startsWith("requirements[")) cleaned.append(name, value);
  let next = 0;
  for (let i = 0; formData.has(`requirements[${i}].key`) || formData.has(`requirements[${i}].value`); i++) {
    const key = String(formData.get(`requirements[${i}].key`) ?? "").trim();
    const value = String(formData.get(`requirements[${i}].value`) ?? "").trim();
    if (!key && !value) continue;
    cleaned.set(`requirements[${next}].key`, key);
    cleaned.set(`requirements[${next}].value`, value);
    next++;
  }
  return cleaned;
}
