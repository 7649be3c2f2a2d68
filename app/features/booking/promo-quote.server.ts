import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { PROMO_ERROR, quotePromo } from "~/features/promo/redeem.server";
import { badRequest } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { products } from "~db/schema";
import { getSlot } from "./slots.server";

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
  let target: { influencerId: string; priceMinor: number; currency: string } | null = null;
  if (input.slotId) {
    const slot = await getSlot(db, input.slotId).catch(() => null);
    if (slot?.priceMinor)
      target = { influencerId: slot.influencerId, priceMinor: slot.priceMinor, currency: slot.currency ?? "USD" };
  } else if (input.productId) {
    const [gig] = await db
      .select({ influencerId: products.influencerId, priceMinor: products.priceMinor, currency: products.currency })
      .from(products)
      .where(eq(products.id, input.productId));
    if (gig) target = gig;
  }
  if (!target) throw badRequest(PROMO_ERROR, "promoCode");
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
