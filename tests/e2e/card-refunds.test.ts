import { describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { demoSlot } from "./demo-rows";

/**
 * The demo fan books by card on the Stripe stand-in's checkout, then cancels choosing the card: the cancel form's
 * radio buttons (the confirmation page without JavaScript, the dialog with it). One Stripe refund lands, nothing goes
 * to the wallet, and the policy page states the choice.
 */
const browser = setupBrowser();

const newContext = contexts(browser, "Asia/Kolkata", 160);

function freshSlot() {
  return demoSlot(Date.now() + 3 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000, 3);
}

type OrderRow = { id: string; status: string; refunded: number; intent: string | null; amount: number };

function orderOf(slotId: string): OrderRow | undefined {
  return queryE2E<OrderRow>(
    `SELECT id, status, refunded_minor AS refunded, payment_intent_id AS intent, amount_minor AS amount FROM orders
     WHERE slot_id = '${slotId}' AND user_id = '${DEMO_FAN.id}' AND payment_method = 'card' ORDER BY created_at DESC LIMIT 1`,
  )[0];
}

async function standInRefunds(paymentIntent: string): Promise<{ amount: number }[]> {
  const response = await fetch(
    `${baseURL()}/__stand-in/stripe/__control/refunds?payment_intent=${encodeURIComponent(paymentIntent)}`,
  );
  return ((await response.json()) as { refunds: { amount: number }[] }).refunds;
}

describe.each([false, true])("cancelling a card-paid booking to the card (JavaScript %s)", (javaScript) => {
  it("chooses the card in the cancel form; one Stripe refund lands and the wallet is not credited", async () => {
    const { gigId, slotId } = await freshSlot();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logInAsDemoFan(page);

    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    await expect.poll(() => form.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    await form.getByLabel("Gamer tag of player 1").fill("CardRefundFan");
    await form.getByRole("radio", { name: "Card" }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText("Payment received: you are booked").waitFor();
    await expect.poll(() => orderOf(slotId)?.status).toBe("paid");
    const order = orderOf(slotId);
    if (!order?.intent) throw new Error("the order has no payment intent");

    if (javaScript) {
      await page.goto("/profile");
      const card = page.locator(`[data-order-id="${order.id}"]`);
      await card.getByRole("link", { name: "Cancel booking" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
      await dialog.getByText("to your wallet, instantly, or to your card in 5–10 days").waitFor();
      expect(await dialog.getByRole("radio", { name: "To my Noobrd wallet, instantly" }).isChecked()).toBe(true);
      await dialog.getByRole("radio", { name: "To my card, in 5–10 days" }).check();
      await dialog.getByRole("button", { name: "Yes, cancel my booking" }).click();
    } else {
      await page.goto(`/profile/orders/${order.id}/cancel`);
      await page.getByText("to your wallet, instantly, or to your card in 5–10 days").waitFor();
      expect(await page.getByRole("radio", { name: "To my Noobrd wallet, instantly" }).isChecked()).toBe(true);
      await page.getByRole("radio", { name: "To my card, in 5–10 days" }).check();
      await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
    }
    await page.getByText("is being refunded to your card").first().waitFor();

    await expect.poll(() => orderOf(slotId)?.status).toBe("refunded");
    expect(orderOf(slotId)?.refunded).toBe(order.amount);
    const refunds = queryE2E<{ method: string; status: string }>(
      `SELECT method, status FROM refunds WHERE order_id = '${order.id}'`,
    );
    expect(refunds).toEqual([{ method: "card", status: "succeeded" }]);
    const credits = queryE2E<{ n: number }>(
      `SELECT count(*) AS n FROM wallet_entries WHERE order_id = '${order.id}' AND kind = 'refund'`,
    );
    expect(credits[0]?.n).toBe(0);
    expect(await standInRefunds(order.intent)).toEqual([expect.objectContaining({ amount: order.amount })]);

    await page.goto("/cancellation-policy");
    await page.getByText("to your wallet, instantly, or to your card in 5–10 days").waitFor();
    await context.close();
  });
});
