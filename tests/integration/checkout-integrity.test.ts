import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, bookingWorld, deliveries, fan, paySession, postWebhook, purchase } from "./booking-world";

type Placed = { success: boolean; orderId: string; checkoutUrl: string; sessionId: string; status: string };

async function orderOf(id: string) {
  return env.DB.prepare(
    "SELECT o.status, o.checkout_session_id AS session, b.status AS booking FROM orders o LEFT JOIN bookings b ON b.order_id = o.id WHERE o.id = ?",
  )
    .bind(id)
    .first<{ status: string; session: string | null; booking: string | null }>();
}

async function placeAndPay() {
  const world = await bookingWorld({ seats: 2 });
  const buyer = await fan();
  const placed = (await (
    await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Ace"]))
  ).json()) as Placed;
  return { world, buyer, placed };
}

describe("checkout that cannot orphan or mis-charge a payment", () => {
  it("a paid session is fulfilled through the order id it carries even when its id was never stored", async () => {
    const { placed } = await placeAndPay();
    // As if storing the session id had failed after Stripe created the session (raw SQL: no use case leaves this).
    await env.DB.prepare("UPDATE orders SET checkout_session_id = NULL WHERE id = ?").bind(placed.orderId).run();
    await paySession(placed.sessionId);
    const [delivery] = await deliveries(placed.sessionId);
    if (!delivery) throw new Error("no delivery");
    expect((await postWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    expect(await orderOf(placed.orderId)).toMatchObject({
      status: "paid",
      booking: "confirmed",
      session: placed.sessionId,
    });
  });

  it("a signed event whose amount or currency differs from the order fulfils nothing", async () => {
    for (const change of ["amount_minor = amount_minor + 1", "currency = 'INR'"]) {
      const { placed } = await placeAndPay();
      // The order now expects something other than what the session charged (raw SQL: no use case leaves this).
      await env.DB.prepare(`UPDATE orders SET ${change} WHERE id = ?`).bind(placed.orderId).run();
      await paySession(placed.sessionId);
      const [delivery] = await deliveries(placed.sessionId);
      if (!delivery) throw new Error("no delivery");
      expect((await postWebhook(delivery.payload, delivery.signature)).status).toBe(200);
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", booking: "expired" });
      const confirmation = await env.DB.prepare("SELECT count(*) AS n FROM outbox_messages WHERE id LIKE ?")
        .bind(`booking-confirmed:${placed.orderId}:%`)
        .first<{ n: number }>();
      expect(confirmation?.n).toBe(0);
    }
  });
});
