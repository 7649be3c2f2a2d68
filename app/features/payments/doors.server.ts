import type { Viewer } from "~/features/access";
import { notFound } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { endCheckout, type FulfilOutcome, fulfilCheckout, orderById, orderBySession } from "./fulfilment.server";
import type { PayableOrder } from "./steps";

/**
 * The buyer's doors into checkout: the success redirect (POST /api/update/order/sucess/:sessionId and the
 * success page, reloaded or not) and the cancel URL. Only the buyer may use them; someone else's order is "not
 * found" (no hint that it exists). Both are idempotent.
 */
const ORDER_NOT_FOUND = "Order not found";

async function ownOrder(order: PayableOrder | null, viewer: Viewer): Promise<PayableOrder> {
  if (!order || order.userId !== viewer.id) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function confirmCheckout(
  env: Env,
  viewer: Viewer,
  sessionId: string,
): Promise<{ outcome: FulfilOutcome; order: PayableOrder }> {
  await ownOrder(await orderBySession(getDb(env), sessionId), viewer);
  const result = await fulfilCheckout(env, sessionId);
  const order = (await orderById(getDb(env), result.order.id)) ?? result.order;
  return { outcome: result.outcome, order };
}

export async function cancelCheckout(env: Env, viewer: Viewer, orderId: string) {
  const order = await ownOrder(await orderById(getDb(env), orderId), viewer);
  if (order.status !== "pending_payment") return { outcome: "already" as const, order };
  const outcome = await endCheckout(env, order);
  return { outcome, order: (await orderById(getDb(env), orderId)) ?? order };
}

/** The buyer's view of an order they placed (the confirmation page of a wallet or free order). */
export async function ownOrderStatus(env: Env, viewer: Viewer, orderId: string): Promise<PayableOrder> {
  return ownOrder(await orderById(getDb(env), orderId), viewer);
}
