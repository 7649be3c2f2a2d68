import { isPlaceholderText } from "~/lib/placeholder-text";
import { z } from "~/lib/zod";
import { BOOKING_COPY } from "./copy";
import { GAMERTAG_MAX_LENGTH } from "./rules";

/**
 * The purchase draft (docs/domain.md: timeSlot, gamerTag, numberOfPlayers, multipleGamerTags) as the
 * booking form and the API send it. One schema for the page (server and, with JavaScript, the browser) and
 * the API calls.
 */
/** How a booking is paid: by card, from the wallet, or with a session pack's credit (docs/decisions/027). */
const PAYMENT_CHOICES = ["card", "wallet", "credit"] as const;

const gamerTag = z
  .string({ error: BOOKING_COPY.gamerTagsCount })
  .trim()
  .min(1, BOOKING_COPY.gamerTagsCount)
  .max(GAMERTAG_MAX_LENGTH, `A gamer tag is at most ${GAMERTAG_MAX_LENGTH} characters`)
  .refine((tag) => !isPlaceholderText(tag), BOOKING_COPY.gamerTagsCount);

/** Form fields arrive as strings, JSON as numbers; a list may come as one string, an array or indexed keys. */
function tagsFrom(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return value === "" ? [] : [value];
  return value;
}

export const purchaseSchema = z
  .object({
    slotId: z.string({ error: BOOKING_COPY.slotNotFound }).trim().min(1, BOOKING_COPY.slotNotFound).max(64),
    numberOfPlayers: z.coerce
      .number({ error: "Choose the number of players" })
      .int("Choose the number of players")
      .min(1, "Choose at least one player")
      .max(100, BOOKING_COPY.notEnoughSeats),
    multipleGamerTags: z.preprocess(tagsFrom, z.array(gamerTag, { error: BOOKING_COPY.gamerTagsCount }).max(100)),
    promoCode: z
      .string()
      .trim()
      .max(32, BOOKING_COPY.promoInvalid)
      .optional()
      .transform((code) => (code ? code.toUpperCase() : undefined)),
    paymentMethod: z.enum(PAYMENT_CHOICES, { error: "Choose card, wallet or a pack credit" }).default("card"),
    /** The bot check's token, asked for when the slot is in high demand (docs/decisions/033). */
    "cf-turnstile-response": z.string().max(4096).optional(),
  })
  .refine((draft) => draft.multipleGamerTags.length === draft.numberOfPlayers, {
    message: BOOKING_COPY.gamerTagsCount,
    path: ["multipleGamerTags"],
  });

export type PurchaseDraft = z.output<typeof purchaseSchema>;

/**
 * The booking form posts one input per possible player (`multipleGamerTags[i]`); only the first
 * `numberOfPlayers` count. Used by the page on the server and, with JavaScript, in the browser.
 */
export const bookingFormSchema = z.preprocess((value) => {
  if (!value || typeof value !== "object") return value;
  const body = value as Record<string, unknown>;
  const count = Number(body.numberOfPlayers);
  const tags = Array.isArray(body.multipleGamerTags) ? body.multipleGamerTags : [];
  return {
    ...body,
    multipleGamerTags: Number.isInteger(count) && count > 0 ? tags.slice(0, count).map((tag) => tag ?? "") : tags,
  };
}, purchaseSchema);

/** The API's field names: slotId may be sent as timeSlot.id or _slot_id; one gamerTag may stand for one player. */
export function normalizePurchaseBody(body: Record<string, unknown>): Record<string, unknown> {
  const timeSlot = body.timeSlot as { id?: unknown } | undefined;
  const tags = body.multipleGamerTags ?? body.gamerTags ?? (body.gamerTag ? [body.gamerTag] : undefined);
  const indexed = Object.keys(body)
    .filter((key) => /^multipleGamerTags\[\d+\]$/.test(key))
    .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]))
    .map((key) => body[key]);
  return {
    ...body,
    slotId: body.slotId ?? timeSlot?.id ?? body._slot_id,
    numberOfPlayers: body.numberOfPlayers ?? (tags && Array.isArray(tags) ? tags.length : 1),
    multipleGamerTags: indexed.length > 0 ? indexed : tags,
  };
}

export const promoQuerySchema = z.object({
  code: z.string({ error: BOOKING_COPY.promoInvalid }).trim().min(1, BOOKING_COPY.promoInvalid).max(32),
  slotId: z.string().trim().max(64).optional(),
  productId: z.string().trim().max(64).optional(),
  numberOfPlayers: z.coerce.number().int().min(1).max(100).default(1),
});

/** The booking form's Apply step: the code, the chosen time and the number of players (booking/promo-preview.ts). */
export const promoApplySchema = z.object({
  code: z
    .string({ error: BOOKING_COPY.promoMissing })
    .trim()
    .min(1, BOOKING_COPY.promoMissing)
    .max(32, "A promo code is at most 32 characters")
    .transform((code) => code.toUpperCase()),
  slotId: z.string({ error: BOOKING_COPY.promoNoSlot }).trim().min(1, BOOKING_COPY.promoNoSlot).max(64),
  numberOfPlayers: z.coerce
    .number({ error: "Choose the number of players" })
    .int("Choose the number of players")
    .min(1, "Choose at least one player")
    .max(100, BOOKING_COPY.notEnoughSeats),
});
