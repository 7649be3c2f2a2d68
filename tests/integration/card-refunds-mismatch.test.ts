import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fulfilCheckout } from "~/features/payments/fulfilment.server";
import { listOwedRefunds, settleDueRefunds } from "~/features/wallet/refunds.server";
import { createUser, viewerOf } from "../factories";
import {
  deliveries,
  failNextStripeRefunds,
  paidCardOrder,
  paySession,
  postWebhook,
  standInRefunds,
  standInSessions,
} from "./booking-world";

/**
 * A signed payment whose amount or currency differs from its order (docs/domain.md "Refund"): the order fulfils
 * nothing and what the session charged goes back to the card, once, through the owed-refunds machinery.
 */
type RefundRow = {
  id: string;
  method: string;
  status: string;
  amount_minor: number;
  currency: string;
  counts_on_order: number;
  provider_refund_id: string | null;
  attempts: number;
};

async function refundRows(orderId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM refunds WHERE order_id = ?").bind(orderId).all<RefundRow>();
  return results;
}

async function orderRow(orderId: string) {
  return env.DB.prepare(
    `SELECT o.status, o.refunded_minor AS refunded, o.payment_intent_id AS intent, b.status AS booking,
       (SELECT count(*) FROM wallet_entries w WHERE w.order_id = o.id AND w.kind = 'refund') AS credits
     FROM orders o LEFT JOIN bookings b ON b.order_id = o.id WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ status: string; refunded: number; intent: string | null; booking: string; credits: number }>();
}

/** A card order whose session then charges one more minor unit than the order expects, paid. */
async function mismatchedPayment() {
  const { placed, session, paymentIntent } = await paidCardOrder(async ({ orderId }) => {
    // Raw SQL on purpose: no use case changes an order's amount once its session is open.
    await env.DB.prepare("UPDATE orders SET amount_minor = amount_minor - 1 WHERE id = ?").bind(orderId).run();
  });
  return { placed, session, paymentIntent };
}

describe("a payment that does not match its order is refunded to the card", () => {
  it("replayed 5 times concurrently: one owed card refund, carried out once, the session no longer payable", async () => {
    const { placed, session, paymentIntent } = await mismatchedPayment();
    const copies = await deliveries(placed.sessionId, 5);
    const completed = copies.filter((d) => d.type === "checkout.session.completed");
    expect(completed).toHaveLength(5);
    const answers = await Promise.all(completed.map((d) => postWebhook(d.payload, d.signature)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);

    const rows = await refundRows(placed.orderId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      method: "card",
      status: "succeeded",
      amount_minor: session.amount_total,
      currency: "USD",
      counts_on_order: 0,
    });
    const made = await standInRefunds(paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: session.amount_total, id: row?.provider_refund_id });
    // The order was never paid: cancelled, its hold released, nothing refunded on it and nothing to the wallet.
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "cancelled",
      booking: "expired",
      refunded: 0,
      credits: 0,
      intent: paymentIntent,
    });

    // The session can take no more money, and replays and the success door owe and refund nothing more.
    expect((await standInSessions()).find((s) => s.id === placed.sessionId)?.status).not.toBe("open");
    const payAgain = await paySession(placed.sessionId);
    expect(await payAgain.text()).toContain("no longer open");
    for (const d of completed.slice(0, 2)) expect((await postWebhook(d.payload, d.signature)).status).toBe(200);
    // The success page's door reads the session from Stripe and finds the same mismatch.
    expect((await fulfilCheckout(env, placed.sessionId)).outcome).toBe("mismatch");
    expect(await refundRows(placed.orderId)).toHaveLength(1);
    expect(await standInRefunds(paymentIntent)).toHaveLength(1);
  });

  it("replayed concurrently while Stripe fails: one received, the rest duplicates, one attempt spent, the backoff kept", async () => {
    // The probe's leftover: each concurrent replay was "received" and spent one refund attempt at once, so with Stripe
    // failing the budget ran out in about 2 seconds and the refund went to "failed".
    const { placed } = await mismatchedPayment();
    await failNextStripeRefunds(20);
    const completed = (await deliveries(placed.sessionId, 5)).filter((d) => d.type === "checkout.session.completed");
    const answers = await Promise.all(completed.map((d) => postWebhook(d.payload, d.signature)));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { received: boolean; duplicate?: boolean }[];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(4);

    const [owed] = await refundRows(placed.orderId);
    expect(owed).toMatchObject({ method: "card", status: "pending", attempts: 1 });
    // The success page's door, reloaded, and more replays spend nothing: the retry waits for its backoff.
    for (let i = 0; i < 3; i++) expect((await fulfilCheckout(env, placed.sessionId)).outcome).toBe("mismatch");
    for (const d of completed.slice(0, 2)) await postWebhook(d.payload, d.signature);
    expect(await refundRows(placed.orderId)).toMatchObject([{ status: "pending", attempts: 1 }]);
    // A sweep before the backoff is over tries nothing; after it, one more attempt.
    await settleDueRefunds(env, new Date(Date.now() + 5_000));
    expect(await refundRows(placed.orderId)).toMatchObject([{ status: "pending", attempts: 1 }]);
    await settleDueRefunds(env, new Date(Date.now() + 10 * 60_000));
    expect(await refundRows(placed.orderId)).toMatchObject([{ status: "pending", attempts: 2 }]);
    await failNextStripeRefunds(0);
  });

  it("when Stripe fails at first: owed, listed for finance, then carried out once by the retry", async () => {
    const { placed, session, paymentIntent } = await mismatchedPayment();
    await failNextStripeRefunds(1);
    const [delivery] = (await deliveries(placed.sessionId)).filter((d) => d.type === "checkout.session.completed");
    if (!delivery) throw new Error("no delivery");
    expect((await postWebhook(delivery.payload, delivery.signature)).status).toBe(200);

    const [owed] = await refundRows(placed.orderId);
    expect(owed).toMatchObject({ method: "card", status: "pending", attempts: 1 });
    expect(await standInRefunds(paymentIntent)).toHaveLength(0);
    const finance = await createUser(env.DB, { role: "finance" });
    const listed = await listOwedRefunds(env, viewerOf(finance));
    expect(listed.find((r) => r.orderId === placed.orderId)).toMatchObject({
      amountMinor: session.amount_total,
      currency: "USD",
      method: "card",
      status: "pending",
    });

    // The retry (the cron's sweep after the backoff), twice over: the refund lands once.
    const later = new Date(Date.now() + 10 * 60_000);
    await Promise.all([settleDueRefunds(env, later), settleDueRefunds(env, later)]);
    expect(await refundRows(placed.orderId)).toMatchObject([{ status: "succeeded" }]);
    expect(await standInRefunds(paymentIntent)).toHaveLength(1);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "cancelled", refunded: 0, credits: 0 });
  });
});
