import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { placeOrder } from "~/features/booking/purchase.server";
import { sweepExpiredHolds } from "~/features/payments/fulfilment.server";
import worker from "~workers/app";
import { request } from "./app";
import { api, bookingWorld, deliveries, fan, postWebhook, purchase, standInSessions } from "./booking-world";

const viewerOf = (user: { id: string; username: string }) => ({ id: user.id, username: user.username }) as Viewer;

async function orderOf(id: string) {
  return env.DB.prepare(
    "SELECT o.status, b.status AS booking FROM orders o JOIN bookings b ON b.order_id = o.id WHERE o.id = ?",
  )
    .bind(id)
    .first<{ status: string; booking: string }>();
}

function holdStartedMinutesAgo(user: { id: string; username: string }, slotId: string, minutes: number) {
  const draft = {
    slotId,
    numberOfPlayers: 1,
    multipleGamerTags: ["Sweep"],
    promoCode: undefined,
    paymentMethod: "card" as const,
  };
  return placeOrder(env, viewerOf(user), draft, "http://localhost", new Date(Date.now() - minutes * 60_000));
}

describe("holds end", () => {
  it("an expired hold stops counting at once; the sweeper marks it and expires its Checkout session", async () => {
    const world = await bookingWorld({ seats: 1 });
    const first = await fan();
    const old = await holdStartedMinutesAgo(first.user, world.slot.id, 11);
    const fresh = await holdStartedMinutesAgo((await fan()).user, (await bookingWorld({ seats: 1 })).slot.id, 1);
    // Before any sweeper: the seat is free again.
    const second = await fan();
    expect((await api("/api/book-slot/create-order", second.cookie, purchase(world.slot.id, ["Next"]))).status).toBe(
      200,
    );
    expect(await sweepExpiredHolds(env)).toBeGreaterThanOrEqual(1);
    expect(await orderOf(old.orderId)).toEqual({ status: "cancelled", booking: "expired" });
    expect((await standInSessions()).find((s) => s.id === old.sessionId)?.status).toBe("expired");
    // A hold still running is left alone.
    expect(await orderOf(fresh.orderId)).toEqual({ status: "pending_payment", booking: "held" });
    // Stripe's own checkout.session.expired for it changes nothing more.
    for (const d of await deliveries(old.sessionId ?? "")) await postWebhook(d.payload, d.signature);
    expect(await orderOf(old.orderId)).toEqual({ status: "cancelled", booking: "expired" });
  });

  it("the sweeper fulfils instead when Stripe says the session was paid meanwhile", async () => {
    const world = await bookingWorld({ seats: 1 });
    const buyer = await fan();
    const old = await holdStartedMinutesAgo(buyer.user, world.slot.id, 11);
    await fetch(`${env.STRIPE_STAND_IN_ORIGIN}/__control/sessions/${old.sessionId}/complete`, { method: "POST" });
    await sweepExpiredHolds(env);
    expect(await orderOf(old.orderId)).toEqual({ status: "paid", booking: "confirmed" });
  });

  it("checkout.session.expired from Stripe releases the hold", async () => {
    const world = await bookingWorld({ seats: 1 });
    const buyer = await fan();
    const placed = await holdStartedMinutesAgo(buyer.user, world.slot.id, 0);
    await fetch(`${env.STRIPE_STAND_IN_ORIGIN}/v1/checkout/sessions/${placed.sessionId}/expire`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_workerd" },
    });
    const [expired] = await deliveries(placed.sessionId ?? "");
    expect(expired?.type).toBe("checkout.session.expired");
    expect((await postWebhook(expired?.payload ?? "", expired?.signature ?? "")).status).toBe(200);
    expect(await orderOf(placed.orderId)).toEqual({ status: "cancelled", booking: "expired" });
  });

  it("the Stripe stand-in is not mounted in production nor when switched off", async () => {
    const path = "/__stand-in/stripe/pay/cs_test_x";
    const fetchWith = (overrides: Record<string, string>) =>
      worker.fetch(
        new Request(`http://localhost${path}`) as Request<unknown, IncomingRequestCfProperties>,
        { ...env, ...overrides } as Env,
        createExecutionContext(),
      );
    expect((await request(path)).status).toBe(404); // mounted (dev settings) but no such session: its own 404
    expect(await (await request(path)).text()).toBe("No such checkout session");
    const production = await fetchWith({
      APP_ENV: "production",
      SESSION_SECRET: "s",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(production.status).toBe(404);
    expect(await production.text()).not.toBe("No such checkout session");
    const off = await fetchWith({ STRIPE_STAND_IN: "off" });
    expect(await off.text()).not.toBe("No such checkout session");
  });
});
