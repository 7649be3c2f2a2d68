import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { PROMO_ERROR, promoRefusalWords, quotePromo } from "~/features/promo/index.server";
import { getSlot } from "~/features/seats/index.server";
import { badRequest, isAppError } from "~/lib/errors";
import { type CurrencyCode, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { gigs } from "~db/schema";
import { BOOKING_COPY } from "./copy";
import type { PromoPreview } from "./promo-preview";
import { promoApplySchema } from "./schema";

/**
 * GET /api/verify-promo-code and the booking form's live check: does the code apply to this gig (or slot)
 * and buyer, and what is the discount for this many players? The redemption itself happens with the order.
 */
export async function verifyPromoCode(
  env: Env,
  viewer: Viewer,
  input: { code: string; slotId?: string; productId?: string; numberOfPlayers: number },
) {
  const db = getDb(env);
  let listed: { streamerId: string; priceMinor: number; currency: CurrencyCode } | null = null;
  if (input.slotId) {
    const slot = await getSlot(db, input.slotId).catch(() => null);
    if (!slot) throw badRequest(BOOKING_COPY.promoNoSlot, "slotId");
    if (slot?.priceMinor)
      listed = { streamerId: slot.streamerId, priceMinor: slot.priceMinor, currency: slot.currency ?? "USD" };
  } else if (input.productId) {
    const [gig] = await db
      .select({
        streamerId: gigs.streamerId,
        priceMinor: gigs.listPriceMinor,
        currency: gigs.baseCurrency,
      })
      .from(gigs)
      .where(eq(gigs.id, input.productId));
    if (gig) listed = gig;
  }
  if (!listed) throw badRequest(PROMO_ERROR, "promoCode");
  // The discount applies to what this buyer would be charged, in their currency (as the order will).
  const charge = await chargeFor(db, viewer, { amountMinor: listed.priceMinor, currency: listed.currency });
  const target = { streamerId: listed.streamerId, priceMinor: charge.amountMinor, currency: charge.currency };
  const quote = await quotePromo(db, {
    code: input.code,
    userId: viewer.id,
    streamerId: target.streamerId,
    priceMinor: target.priceMinor * input.numberOfPlayers,
    currency: target.currency,
    now: new Date(),
  });
  return {
    valid: true,
    code: quote.code,
    kind: quote.kind,
    value: quote.value,
    discountMinor: quote.discountMinor,
    amountMinor: quote.amountMinor,
    currency: target.currency,
  };
}

/**
 * The promo preview of the booking form (with JavaScript inline, without it the form comes back with it): what
 * this buyer would pay for this slot and this many players with the code, before checkout. A refusal is one
 * sentence a fan understands; the order re-checks the code when it is placed (the quote is not a reservation).
 */
export async function previewPromo(
  env: Env,
  viewer: Viewer,
  raw: { code: unknown; slotId: unknown; numberOfPlayers: unknown },
): Promise<PromoPreview> {
  const parsed = promoApplySchema.safeParse(raw);
  const code = typeof raw.code === "string" ? raw.code.trim().toUpperCase().slice(0, 32) : "";
  if (!parsed.success) return { ok: false, code, message: parsed.error.issues[0]?.message ?? PROMO_ERROR };
  try {
    const quote = await verifyPromoCode(env, viewer, parsed.data);
    return {
      ok: true,
      code: quote.code,
      before: money(quote.amountMinor + quote.discountMinor, quote.currency),
      discount: money(quote.discountMinor, quote.currency),
      total: money(quote.amountMinor, quote.currency),
    };
  } catch (error) {
    const words = promoRefusalWords(error);
    if (words !== null) return { ok: false, code, message: words };
    if (isAppError(error) && error.status < 500) return { ok: false, code, message: BOOKING_COPY.promoNoSlot };
    throw error;
  }
}
