import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getOrder } from "~/features/booking/orders.server";
import { listOwedRefunds, settleDueRefunds } from "~/features/wallet/refunds.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createUser, creditWallet, viewerOf } from "../factories";
import { postForm } from "./app";
import {
  api,
  bookingWorld,
  deliveries,
  failNextStripeRefunds,
  fan,
  type PlacedCardOrder,
  paidCardOrder,
  postWebhook,
  purchase,
  standInRefunds,
} from "./booking-world";

/**
 * A fan cancelling a card-paid booking within the policy chooses where the refund goes (docs/domain.md "Refund"):
 * the wallet (instant, the default) or the card (5–10 days, through Stripe, exactly once).
 */
/** A fan's booking paid by card through the stand-in's checkout and its signed webhook. */
async function cardPaidBooking() {
  const { world, buyer, placed, paymentIntent } = await paidCardOrder();
  for (const d of await deliveries(placed.sessionId)) await postWebhook(d.payload, d.signature);
  const order = await env.DB.prepare("SELECT status, amount_minor AS amount FROM orders WHERE id = ?")
    .bind(placed.orderId)
    .first<{ status: string; amount: number }>();
  expect(order?.status).toBe("paid");
  return { world, buyer, orderId: placed.orderId, amount: order?.amount ?? 0, paymentIntent };
}

async function money(orderId: string) {
  return env.DB.prepare(
    `SELECT o.status, o.refunded_minor AS refunded,
       (SELECT count(*) FROM wallet_entries w WHERE w.order_id = o.id AND w.kind = 'refund') AS credits,
       (SELECT json_group_array(json_object('method', r.method, 'status', r.status, 'amount', r.amount_minor,
          'provider', r.provider_refund_id)) FROM refunds r WHERE r.order_id = o.id) AS refunds
     FROM orders o WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ status: string; refunded: number; credits: number; refunds: string }>()
    .then((row) => ({ ...row, refunds: JSON.parse(row?.refunds ?? "[]") as Record<string, unknown>[] }));
}

const cancel = (cookie: string, body: Record<string, unknown>) => api("/api/post/slots/delete/user", cookie, body);

describe("concurrent cancels of one booking", () => {
  it("one cancels it; the others answer 409 already cancelled, not 404", async () => {
    // The probe's leftover: the losers found no confirmed booking and answered 404 "Booking not found".
    const { buyer, orderId } = await cardPaidBooking();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(buyer.cookie, { orderId })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await answer.json()).toMatchObject({ success: false, message: "This booking is already cancelled" });
    }
    const again = await cancel(buyer.cookie, { orderId });
    expect(again.status).toBe(409);
    // Someone else's order is still not found, cancelled or not.
    const stranger = await fan();
    expect((await cancel(stranger.cookie, { orderId })).status).toBe(404);
  });
});

describe("the fan chooses where a cancellation refund goes", () => {
  it("to the card: one Stripe refund of the policy's amount, nothing to the wallet", async () => {
    const { buyer, orderId, amount, paymentIntent } = await cardPaidBooking();
    const answers = await Promise.all([
      cancel(buyer.cookie, { orderId, refundTo: "card" }),
      cancel(buyer.cookie, { orderId, refundTo: "card" }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    const won = answers.find((a) => a.status === 200);
    expect(await won?.json()).toMatchObject({
      success: true,
      refundTier: "full",
      refundedAmount: amount,
      refundTo: "card",
      refundPending: false,
    });
    const made = await standInRefunds(paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toBe(amount);
    expect(await money(orderId)).toMatchObject({
      status: "refunded",
      refunded: amount,
      credits: 0,
      refunds: [{ method: "card", status: "succeeded", amount, provider: made[0]?.id }],
    });
    const emails = await readOutbox(env.PRIVATE_FILES, { to: buyer.user.email ?? "" });
    const mail = emails.find((m) => m.subject.startsWith("Cancelled:"));
    expect(mail?.text).toContain("refunded to the card you paid with");
    expect(mail?.text).toContain("to your wallet, instantly, or to your card in 5–10 days");
    // The order's page says where the refund went.
    const page = await api(`/profile/orders/${orderId}`, buyer.cookie);
    expect(await page.text()).toContain("refunded to your card ·");
  });

  it("to the card when Stripe fails first: refund pending, then the retry lands it exactly once", async () => {
    const { buyer, orderId, amount, paymentIntent } = await cardPaidBooking();
    await failNextStripeRefunds(1);
    const answer = await cancel(buyer.cookie, { orderId, refundTo: "card" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ refundTo: "card", refundPending: true });
    expect(await standInRefunds(paymentIntent)).toHaveLength(0);
    expect((await getOrder(env, viewerOf(buyer.user), orderId)).statusText).toBe("refund pending");
    const finance = await createUser(env.DB, { role: "finance" });
    expect((await listOwedRefunds(env, viewerOf(finance))).map((r) => r.orderId)).toContain(orderId);

    const later = new Date(Date.now() + 10 * 60_000);
    await Promise.all([settleDueRefunds(env, later), settleDueRefunds(env, later), settleDueRefunds(env, later)]);
    expect(await standInRefunds(paymentIntent)).toHaveLength(1);
    expect(await money(orderId)).toMatchObject({
      status: "refunded",
      refunded: amount,
      credits: 0,
      refunds: [{ method: "card", status: "succeeded", amount }],
    });
    expect((await getOrder(env, viewerOf(buyer.user), orderId)).statusText).toBe("refunded");
  });

  it("by default (no choice) to the wallet, as before; the form without JavaScript can choose the card", async () => {
    const first = await cardPaidBooking();
    const answer = await cancel(first.buyer.cookie, { orderId: first.orderId });
    expect(await answer.json()).toMatchObject({ refundTo: "wallet", refundedAmount: first.amount });
    expect(await standInRefunds(first.paymentIntent)).toHaveLength(0);
    expect(await money(first.orderId)).toMatchObject({
      status: "refunded",
      credits: 1,
      refunds: [{ method: "wallet", status: "succeeded" }],
    });

    const second = await cardPaidBooking();
    const page = await api(`/profile/orders/${second.orderId}/cancel`, second.buyer.cookie);
    const html = await page.text();
    // One radio group in the form itself (it works without JavaScript), the wallet checked.
    const radios = [...html.matchAll(/<input type="radio"[^>]*name="refundTo"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(2);
    expect(radios.find((r) => r.includes('value="wallet"'))).toContain("checked");
    expect(radios.find((r) => r.includes('value="card"'))).not.toContain("checked");
    expect(html).toContain("to your wallet, instantly, or to your card in 5–10 days");
    const posted = await postForm(
      `/profile/orders/${second.orderId}/cancel`,
      { refundTo: "card" },
      { Cookie: second.buyer.cookie },
    );
    expect(posted.status).toBe(302);
    expect(await standInRefunds(second.paymentIntent)).toHaveLength(1);
    expect(await money(second.orderId)).toMatchObject({ status: "refunded", credits: 0 });
  });

  it("refuses a destination it does not know, and the card for a booking paid from the wallet (4xx, clear)", async () => {
    const { buyer, orderId } = await cardPaidBooking();
    const bad = await cancel(buyer.cookie, { orderId, refundTo: "bank" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Choose where the refund goes: "wallet" or "card"',
    );
    const badForm = await postForm(`/profile/orders/${orderId}/cancel`, { refundTo: "bank" }, { Cookie: buyer.cookie });
    expect(badForm.status).toBe(400);
    expect((await money(orderId)).status).toBe("paid");

    const world = await bookingWorld({ seats: 2 });
    const walletFan = await fan();
    await creditWallet(env.DB, walletFan.user.id, 1_000_000, "USD");
    const placed = (await (
      await api(
        "/api/book-slot/create-order",
        walletFan.cookie,
        purchase(world.slot.id, ["Ace"], { paymentMethod: "wallet" }),
      )
    ).json()) as PlacedCardOrder;
    expect(placed.success).toBe(true);
    const toCard = await cancel(walletFan.cookie, { orderId: placed.orderId, refundTo: "card" });
    expect(toCard.status).toBe(400);
    expect(((await toCard.json()) as { message: string }).message).toContain("paid from your wallet");
    const toWallet = await cancel(walletFan.cookie, { orderId: placed.orderId, refundTo: "wallet" });
    expect(toWallet.status).toBe(200);
  });
});
