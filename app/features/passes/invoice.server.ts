import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { prepaidInvoicePdf } from "~/features/packs/index.server";
import type { CurrencyCode } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { passPurchases, users } from "~db/schema";

/**
 * GET /api/get/user_pass/invoice/:passId: a VIP pass's invoice, as a session pack's (app/features/packs/invoice.server.ts,
 * docs/decisions/040-packs-and-passes-by-card.md): the price, the platform fee and the GST on it, what was refunded at
 * expiry. Its buyer and order staff only (404 to anyone else).
 */
export async function passInvoicePdf(
  env: Env,
  viewer: Viewer,
  passId: string,
  options: { timeZone: string; origin: string; now?: Date },
) {
  const db = getDb(env);
  const [row] = await db
    .select({
      id: passPurchases.id,
      buyerId: passPurchases.userId,
      streamerId: passPurchases.streamerId,
      streamerUsername: users.username,
      places: passPurchases.places,
      amountMinor: passPurchases.amountMinor,
      currency: passPurchases.currency,
      paymentMethod: passPurchases.paymentMethod,
      orderId: passPurchases.orderId,
      status: passPurchases.status,
      paidAt: passPurchases.paidAt,
      expiresAt: passPurchases.expiresAt,
      platformFeeBps: passPurchases.platformFeeBps,
      platformFeeTaxBps: passPurchases.platformFeeTaxBps,
    })
    .from(passPurchases)
    .innerJoin(users, eq(users.id, passPurchases.streamerId))
    .where(eq(passPurchases.id, passId))
    .limit(1);
  return prepaidInvoicePdf(
    env,
    viewer,
    row
      ? {
          ...row,
          currency: row.currency as CurrencyCode,
          kind: "pass",
          what: "VIP pass",
          item: [
            `VIP pass: places in the VIP queues of @${row.streamerUsername}'s live sessions`,
            `VIP places: ${row.places}`,
          ],
          refundNote: "Unused VIP places refunded to wallet",
        }
      : null,
    options,
  );
}
