import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { buyerCurrency, chargeFor } from "~/features/currency/index.server";
import { badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { orders, users } from "~db/schema";
import { openCardCheckout } from "./checkout.server";
import type { PayableOrder } from "./steps";
import { TOPUP_LIMITS, topupRangeMessage } from "./topup-schema";

/**
 * Starts a card top-up of the viewer's wallet, in the currency their wallet holds (INR for a fan in India, USD
 * otherwise): a pending wallet_topup order and its Checkout session.
 */
export async function startTopup(env: Env, viewer: Viewer, amountMinor: number, origin: string) {
  const currency = buyerCurrency(viewer);
  const { minMinor, maxMinor } = TOPUP_LIMITS[currency];
  if (!Number.isInteger(amountMinor) || amountMinor < minMinor || amountMinor > maxMinor) {
    throw badRequest(topupRangeMessage(currency), "amount");
  }
  const db = getDb(env);
  const { rateMicros } = await chargeFor(db, viewer, { amountMinor, currency });
  const order: PayableOrder = {
    id: newId(),
    userId: viewer.id,
    kind: "wallet_topup",
    status: "pending_payment",
    amountMinor,
    currency,
    streamerId: null,
    slotId: null,
    liveSessionId: null,
    checkoutSessionId: null,
  };
  await db.insert(orders).values({ ...order, rateMicros, paymentMethod: "card" });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  const checkout = await openCardCheckout(env, order, {
    name: "Noobrd wallet top-up",
    customerEmail: user?.email ?? null,
    origin,
  });
  return { orderId: order.id, ...checkout };
}
