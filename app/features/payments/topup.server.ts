import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import { buyerCurrency, type Charge, chargeFor } from "~/features/currency/index.server";
import { badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { type Db, getDb } from "~/platform/db.server";
import { orders, users } from "~db/schema";
import { openCardCheckout } from "./checkout.server";
import type { PayableOrder } from "./steps";
import { TOPUP_LIMITS, topupRangeMessage } from "./topup-schema";

/** A pending card top-up of the viewer's wallet, as checkout sees it. */
function topupOrder(viewer: Viewer, charge: Charge): PayableOrder {
  return {
    id: newId(),
    userId: viewer.id,
    kind: "wallet_topup",
    status: "pending_payment",
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    streamerId: null,
    slotId: null,
    liveSessionId: null,
    checkoutSessionId: null,
  };
}

/** Opens the Checkout session of a pending top-up order, with the buyer's email (Stripe's receipt goes there). */
async function openTopupCheckout(env: Env, db: Db, order: PayableOrder, name: string, origin: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const checkout = await openCardCheckout(env, order, { name, customerEmail: user?.email ?? null, origin });
  return { orderId: order.id, ...checkout };
}

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
  const order = topupOrder(viewer, { amountMinor, currency, rateMicros });
  await db.insert(orders).values({ ...order, rateMicros, paymentMethod: "card" });
  return openTopupCheckout(env, db, order, "Noobrd wallet top-up", origin);
}

/**
 * Starts paying by card for something bought in advance (a session pack, a VIP pass: docs/decisions/040): a pending
 * wallet_topup order of exactly its price (`charge`, in the wallet's currency, so no top-up range applies), written
 * in ONE batch with the purchase's pending row that names the order (`earmark`), then its Checkout session. Once paid,
 * fulfilment credits the wallet and pays the purchase from it in one batch (the earmark's step); if the session
 * cannot be opened, the order is released at once and the purchase ends unbought.
 */
export async function startEarmarkedTopup(
  env: Env,
  viewer: Viewer,
  input: { charge: Charge; name: string; origin: string },
  earmark: (db: Db, orderId: string) => BatchItem<"sqlite">,
) {
  const db = getDb(env);
  const order = topupOrder(viewer, input.charge);
  await db.batch([
    db.insert(orders).values({ ...order, rateMicros: input.charge.rateMicros, paymentMethod: "card" }),
    earmark(db, order.id),
  ]);
  return openTopupCheckout(env, db, order, input.name, input.origin);
}
