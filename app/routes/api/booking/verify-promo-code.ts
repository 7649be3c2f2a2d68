import { promoQuerySchema } from "~/features/booking";
import { verifyPromoCode } from "~/features/booking/index.server";
import { PROMO_ERROR } from "~/features/promo/index.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * GET /api/verify-promo-code?code=&slotId=|productId=&numberOfPlayers= -> {valid, discountMinor, amountMinor}.
 * Any failure answers 'Error verifying promo code' (docs/domain.md).
 */
export const loader = jsonAction({ methods: ["GET"], auth: true }, async ({ request, env, viewer }) => {
  const parsed = promoQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, PROMO_ERROR);
  return verifyPromoCode(env, viewer, parsed.data);
});
