import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { placeOf } from "~/features/live/reads.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { deliveries, paySession, postWebhook } from "./booking-world";
import { liveFan, liveWorld, post } from "./live-world";

/**
 * A VIP place paid by card goes through the one checkout and fulfilment (the vip_queue step): the place is taken
 * once whichever door fulfils; a checkout still open at the session's end is expired, and a payment that arrives
 * after the end goes back to the card.
 */
async function checkout(cookie: string, liveSessionId: string) {
  const response = await post("/api/create-live-checkout-session", cookie, {
    liveSessionId,
    acceptTerms: true,
    gamertag: "card-tag",
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; url: string; orderId: string };
}

describe("a VIP place by card", () => {
  it("is taken once, by the webhook and the success door alike", async () => {
    const world = await liveWorld({ priceMinor: 1234 });
    const fan = await liveFan();
    // No gamer tag given and none saved: refused before any order, as nobody could invite the fan.
    const untagged = await post("/api/create-live-checkout-session", fan.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
    });
    expect(untagged.status).toBe(400);
    expect(await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?").bind(fan.user.id).first()).toBeNull();
    const { id } = await checkout(fan.cookie, world.liveSessionId);
    expect((await placeOf(env, world.liveSessionId, fan.user.id))?.place).toBeNull();
    await paySession(id);
    for (const delivery of await deliveries(id, 2, true)) {
      expect((await postWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    }
    const success = await post("/api/live-payment-success", fan.cookie, { sessionId: id });
    expect(((await success.json()) as { outcome: string }).outcome).toBe("already");
    const place = (await placeOf(env, world.liveSessionId, fan.user.id))?.place;
    expect(place).toMatchObject({ lane: "vip", position: 1, state: "waiting" });
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM queue_entries WHERE live_session_id = ? AND user_id = ?",
    )
      .bind(world.liveSessionId, fan.user.id)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
    // The place carries the gamer tag given before paying, which is also saved to the fan's tags.
    const tags = await env.DB.prepare(
      "SELECT q.gamertag AS place, g.tag AS saved FROM queue_entries q JOIN user_gamertags g ON g.user_id = q.user_id WHERE q.user_id = ?",
    )
      .bind(fan.user.id)
      .all();
    expect(tags.results).toEqual([{ place: "card-tag", saved: "card-tag" }]);
    // Another fan's success door is not theirs.
    const other = await liveFan();
    expect((await post("/api/live-payment-success", other.cookie, { sessionId: id })).status).toBe(404);
    // Already queued: a second checkout is refused before any order.
    expect(
      (
        await post("/api/create-live-checkout-session", fan.cookie, {
          liveSessionId: world.liveSessionId,
          acceptTerms: true,
        })
      ).status,
    ).toBe(409);
  });

  it("paid before the session ended but fulfilled after: no place, refunded once to the card", async () => {
    const world = await liveWorld({ priceMinor: 2345 });
    const fan = await liveFan();
    const { id, orderId } = await checkout(fan.cookie, world.liveSessionId);
    await paySession(id);
    // The end finds the checkout paid (Stripe will not expire it): a late payment, back to the card.
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    // The success door comes back after the end handled it: nothing more happens.
    const answer = await post("/api/live-payment-success", fan.cookie, { sessionId: id });
    expect(["refunded", "already"]).toContain(((await answer.json()) as { outcome: string }).outcome);
    for (const delivery of await deliveries(id, 3)) await postWebhook(delivery.payload, delivery.signature);
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(0);
    const refunds = await env.DB.prepare("SELECT method, status, amount_minor FROM refunds WHERE order_id = ?")
      .bind(orderId)
      .all();
    expect(refunds.results).toEqual([{ method: "card", status: "succeeded", amount_minor: 2345 }]);
    const order = await env.DB.prepare("SELECT status, refunded_minor FROM orders WHERE id = ?").bind(orderId).first();
    expect(order).toEqual({ status: "refunded", refunded_minor: 2345 });
    expect((await placeOf(env, world.liveSessionId, fan.user.id))?.place).toBeNull();
  });

  it("still open when the session ends: expired, so it can no longer be paid", async () => {
    const world = await liveWorld({ priceMinor: 2345 });
    const fan = await liveFan();
    const { id, orderId } = await checkout(fan.cookie, world.liveSessionId);
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    const order = await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first();
    expect(order).toEqual({ status: "cancelled" });
    const paid = await paySession(id);
    expect(await paid.text()).toContain("This checkout session is no longer open.");
    for (const delivery of await deliveries(id, 2)) await postWebhook(delivery.payload, delivery.signature);
    expect(await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first()).toEqual({
      status: "cancelled",
    });
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").bind(orderId).first())?.n,
    ).toBe(0);
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(0);
  });
});
