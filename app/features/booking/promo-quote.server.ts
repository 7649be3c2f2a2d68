import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { chargeFor } from "~/features/currency/index.server";
import { PROMO_ERROR, quotePromo } from "~/features/promo/index.server";
import { getSlot } from "~/features/seats/index.server";
import { badRequest } from "~/lib/errors";
import type { CurrencyCode } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { products } from "~db/schema";

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
  let listed: { influencerId: string; priceMinor: number; currency: CurrencyCode } | null = null;
  if (input.slotId) {
    const slot = await getSlot(db, input.slotId).catch(() => null);
    if (slot?.priceMinor)
      listed = { influencerId: slot.influencerId, priceMinor: slot.priceMinor, currency: slot.currency ?? "USD" };
  } else if (input.productId) {
    const [gig] = await db
      .select({
        influencerId: products.influencerId,
        priceMinor: products.listPriceMinor,
        currency: products.baseCurrency,
      })
      .from(products)
      .where(eq(products.id, input.productId));
    if (gig) listed = gig;
  }
  if (!listed) throw badRequest(PROMO_ERROR, "promoCode");
  // The discount applies to what this buyer would be charged, in their currency (as the order will).
  const charge = await chargeFor(db, viewer, { amountMinor: listed.priceMinor, currency: listed.currency });
  const target = { influencerId: listed.influencerId, priceMinor: charge.amountMinor, currency: charge.currency };
  const quote = await quotePromo(db, {
    code: input.code,
    userId: viewer.id,
    influencerId: target.influencerId,
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
