import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { openCardCheckout } from "~/features/payments/checkout.server";
import type { PayableOrder } from "~/features/payments/steps";
import { badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { orders, users } from "~db/schema";
import { TOPUP_MAX_MINOR, TOPUP_MIN_MINOR, TOPUP_RANGE_MESSAGE } from "./topup-schema";

/** Starts a card top-up of the viewer's wallet: a pending wallet_topup order and its Checkout session. */
export async function startTopup(env: Env, viewer: Viewer, amountMinor: number, origin: string) {
  if (!Number.isInteger(amountMinor) || amountMinor < TOPUP_MIN_MINOR || amountMinor > TOPUP_MAX_MINOR) {
    throw badRequest(TOPUP_RANGE_MESSAGE, "amount");
  }
  const db = getDb(env);
  const order: PayableOrder = {
    id: newId(),
    userId: viewer.id,
    kind: "wallet_topup",
    status: "pending_payment",
    amountMinor,
    currency: "USD",
    influencerId: null,
    slotId: null,
    liveSessionId: null,
    checkoutSessionId: null,
  };
  await db.insert(orders).values({ ...order, paymentMethod: "card" });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  const checkout = await openCardCheckout(env, order, {
    name: "Noobrd wallet top-up",
    customerEmail: user?.email ?? null,
    origin,
  });
  return { orderId: order.id, ...checkout };
}
