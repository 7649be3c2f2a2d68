import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelSlot } from "~/features/slots/index.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { viewerOf } from "../factories";
import {
  api,
  bookingWorld,
  deliveries,
  fan,
  type PlacedCardOrder,
  paySession,
  postWebhook,
  purchase,
  standInSessions,
} from "./booking-world";

async function orderOf(id: string) {
  return env.DB.prepare(
    "SELECT o.status, b.status AS booking FROM orders o JOIN bookings b ON b.order_id = o.id WHERE o.id = ?",
  )
    .bind(id)
    .first<{ status: string; booking: string }>();
}

async function cardHold(slotId: string) {
  const buyer = await fan();
  const placed = (await (
    await api("/api/book-slot/create-order", buyer.cookie, purchase(slotId, ["Held"]))
  ).json()) as PlacedCardOrder;
  if (!placed.success) throw new Error("the card order was not placed");
  return { buyer, placed };
}

describe("a slot cancelled by its streamer releases its unpaid holds", () => {
  it("the hold's order is cancelled and its booking expired in the cancellation, and its checkout expired", async () => {
    const world = await bookingWorld({ seats: 2 });
    const { placed } = await cardHold(world.slot.id);
    expect(await orderOf(placed.orderId)).toEqual({ status: "pending_payment", booking: "held" });

    await cancelSlot(env, viewerOf(world.streamer), world.slot.id);

    expect(await orderOf(placed.orderId)).toEqual({ status: "cancelled", booking: "expired" });
    expect((await standInSessions()).find((s) => s.id === placed.sessionId)?.status).toBe("expired");
    // The hosted page can no longer take the payment.
    await paySession(placed.sessionId);
    expect((await standInSessions()).find((s) => s.id === placed.sessionId)?.payment_status).not.toBe("paid");
    // Stripe's checkout.session.expired changes nothing more.
    for (const d of await deliveries(placed.sessionId)) await postWebhook(d.payload, d.signature);
    expect(await orderOf(placed.orderId)).toEqual({ status: "cancelled", booking: "expired" });
  });

  it("a payment made before the cancellation but arriving after it is refunded to the wallet in full", async () => {
    const world = await bookingWorld({ seats: 2 });
    const { buyer, placed } = await cardHold(world.slot.id);
    await paySession(placed.sessionId);

    await cancelSlot(env, viewerOf(world.streamer), world.slot.id);

    // Expiring the paid session failed, so the payment was taken as a late one: paid, then refunded.
    expect(await orderOf(placed.orderId)).toEqual({ status: "refunded", booking: "expired" });
    expect(await walletBalance(getDb(env), buyer.user.id, "USD")).toBe(world.priceMinor);
    // The webhook arriving afterwards refunds nothing more.
    for (const d of await deliveries(placed.sessionId)) await postWebhook(d.payload, d.signature);
    expect(await walletBalance(getDb(env), buyer.user.id, "USD")).toBe(world.priceMinor);
    expect(await orderOf(placed.orderId)).toEqual({ status: "refunded", booking: "expired" });
  });
});
