import { and, eq } from "drizzle-orm";
import { AppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { payments } from "~/platform/stripe/payments.server";
import { orders } from "~db/schema";
import { releaseOrder } from "./fulfilment.server";
import type { PayableOrder } from "./steps";

const PAYMENT_UNAVAILABLE = "Payment is unavailable right now. Please try again later.";

/** Where Stripe sends the buyer back (the success page fulfils on load; the cancel page releases the hold). */
function checkoutReturnUrls(origin: string, orderId: string) {
  return {
    successUrl: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/checkout/cancel?order=${encodeURIComponent(orderId)}`,
  };
}

/**
 * Opens the Stripe Checkout session of an order already written as `pending_payment` (with whatever it holds),
 * whatever its kind. Only an order that got its hold reaches here, so a buyer who lost the race never creates a
 * session. If Stripe cannot be reached, the hold is released at once.
 */
export async function openCardCheckout(
  env: Env,
  order: PayableOrder,
  input: { name: string; customerEmail: string | null; origin: string },
): Promise<{ sessionId: string; url: string }> {
  const provider = payments(env, input.origin);
  let sessionId: string | null = null;
  try {
    const session = await provider.createCheckoutSession({
      orderId: order.id,
      name: input.name,
      amountMinor: order.amountMinor,
      currency: order.currency,
      customerEmail: input.customerEmail,
      ...checkoutReturnUrls(input.origin, order.id),
    });
    sessionId = session.id;
    if (!session.url) throw new Error("Checkout session without a URL");
    await getDb(env)
      .update(orders)
      .set({ checkoutSessionId: session.id, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment")));
    return { sessionId: session.id, url: session.url };
  } catch (error) {
    log.error("checkout.session_failed", { orderId: order.id, kind: order.kind, error });
    // A session that was created is expired first, so it can never be paid for a released hold. (Were it paid
    // meanwhile, its webhook still finds the order by the id it carries, and fulfilment refunds a lost seat.)
    if (sessionId) await provider.expireCheckoutSession(sessionId).catch(() => false);
    await releaseOrder(env, order);
    throw new AppError(503, PAYMENT_UNAVAILABLE);
  }
}
