import { and, eq, isNull, sql } from "drizzle-orm";
import { badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { payments, WebhookSignatureError } from "~/platform/stripe/payments.server";
import { paymentEvents } from "~db/schema";
import { fulfilCheckout, orderForSession, releaseOrder } from "./fulfilment.server";

/**
 * POST /api/stripe. The signature is verified first (constructEventAsync with the endpoint secret; a bad or
 * stale one is a 400 and nothing is written). The event is then recorded by its id (payment_events UNIQUE
 * (provider, provider_event_id)); a duplicate of an event already processed is acknowledged and skipped. An
 * unprocessed one (a crash mid-way, or a concurrent copy) is processed again, which is safe: every step is a
 * conditional write.
 */
export async function handleStripeWebhook(
  env: Env,
  rawBody: string,
  signature: string | null,
): Promise<{ received: true; duplicate?: true }> {
  let event: VerifiedEvent;
  try {
    event = await payments(env).verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log.warn("webhook.rejected", { provider: "stripe", reason: "signature" });
      throw badRequest(`Webhook signature verification failed`);
    }
    throw error;
  }
  const sessionId = event.type === "other" ? null : event.session.id;
  const received = {
    provider: "stripe",
    eventId: event.id,
    type: event.type === "other" ? event.stripeType : event.type,
    sessionId,
  };
  // Every verified event logs its outcome (docs/decisions/021-logging.md); a failure is retried by Stripe.
  try {
    return await processEvent(env, rawBody, event, received);
  } catch (error) {
    log.error("webhook.failed", { ...received, error });
    throw error;
  }
}

type VerifiedEvent = Awaited<ReturnType<ReturnType<typeof payments>["verifyWebhook"]>>;

async function processEvent(
  env: Env,
  rawBody: string,
  event: VerifiedEvent,
  received: { provider: string; eventId: string; type: string; sessionId: string | null },
): Promise<{ received: true; duplicate?: true }> {
  const db = getDb(env);
  const { sessionId } = received;
  const inserted = await db
    .insert(paymentEvents)
    .values({
      id: newId(),
      provider: "stripe",
      providerEventId: event.id,
      type: event.type === "other" ? event.stripeType : event.type,
      payload: JSON.parse(rawBody),
      orderId: sessionId ? sql`(SELECT id FROM orders WHERE checkout_session_id = ${sessionId})` : null,
      receivedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted.length === 0) {
    const [seen] = await db
      .select({ processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.providerEventId, event.id)));
    if (seen?.processedAt) {
      log.info("webhook.received", { ...received, outcome: "duplicate" });
      return { received: true, duplicate: true };
    }
  }
  let outcome = "ignored";
  let orderId: string | undefined;
  if (event.type === "checkout.session.completed" && event.session.paymentStatus === "paid") {
    // Found by the stored session id, or by the order id the session carries (fulfilment.server.ts).
    const order = await orderForSession(db, event.session.id, event.session.orderId);
    orderId = order?.id;
    if (order) {
      const result = await fulfilCheckout(env, event.session.id, event.session);
      // A delivery that changed nothing (another delivery of the same payment got there first, concurrently or
      // before) is a duplicate, whatever its event id's row says: the probe's concurrent replays were each "received".
      outcome = result.outcome === "already" || result.repeat ? "duplicate" : result.outcome;
    } else {
      outcome = "orphaned";
      log.error("payment.orphaned", { sessionId: event.session.id, orderId: event.session.orderId });
    }
  } else if (event.type === "checkout.session.expired") {
    const order = await orderForSession(db, event.session.id, event.session.orderId);
    orderId = order?.id;
    if (order) {
      await releaseOrder(env, order);
      outcome = "released";
    }
  }
  await db
    .update(paymentEvents)
    .set({ processedAt: new Date() })
    .where(
      and(
        eq(paymentEvents.provider, "stripe"),
        eq(paymentEvents.providerEventId, event.id),
        isNull(paymentEvents.processedAt),
      ),
    );
  log.info("webhook.received", { ...received, orderId, outcome });
  return outcome === "duplicate" ? { received: true, duplicate: true } : { received: true };
}
