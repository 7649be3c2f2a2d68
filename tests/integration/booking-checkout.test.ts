import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { endHold } from "../factories";
import { request } from "./app";
import {
  api,
  bookingWorld,
  deliveries,
  fan,
  paySession,
  postWebhook,
  purchase,
  sign,
  standInSessions,
} from "./booking-world";

async function orderOf(id: string) {
  return env.DB.prepare(
    "SELECT o.status, o.paid_at, o.refunded_minor, b.status AS booking FROM orders o LEFT JOIN bookings b ON b.order_id = o.id WHERE o.id = ?",
  )
    .bind(id)
    .first<{ status: string; paid_at: number | null; refunded_minor: number; booking: string | null }>();
}

async function count(sql: string, ...binds: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

type Placed = { success: boolean; orderId: string; checkoutUrl: string; sessionId: string; status: string };

describe("card checkout: hold, Stripe stand-in, exactly-once fulfilment", () => {
  it("holds the seats, opens a Checkout session, and fulfils once across three doors delivering three times", async () => {
    const world = await bookingWorld({ seats: 3 });
    const buyer = await fan();
    const response = await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Ace", "Bee"]));
    expect(response.status).toBe(200);
    const placed = (await response.json()) as Placed;
    expect(placed).toMatchObject({ success: true, status: "pending_payment" });
    expect(placed.checkoutUrl).toContain(`/pay/${placed.sessionId}`);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "pending_payment", booking: "held" });
    const listed = (await (await request(`/api/get/slots/${world.gig.id}`)).json()) as {
      slots: { seatsLeft: number }[];
    };
    expect(listed.slots[0]?.seatsLeft).toBe(1);

    // Not paid yet: the success door changes nothing.
    const early = await api(`/api/update/order/sucess/${placed.sessionId}`, buyer.cookie, {});
    expect(await early.json()).toMatchObject({ success: true, outcome: "unpaid", status: "pending_payment" });

    const paid = await paySession(placed.sessionId);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`http://localhost/checkout/success?session_id=${placed.sessionId}`);

    const copies = await deliveries(placed.sessionId, 3, true);
    expect(copies).toHaveLength(3);
    const doors = [
      ...copies.map((delivery) => () => postWebhook(delivery.payload, delivery.signature)),
      () => api(`/api/update/order/sucess/${placed.sessionId}`, buyer.cookie, {}),
      () => request(`/checkout/success?session_id=${placed.sessionId}`, { headers: { Cookie: buyer.cookie } }),
      () => api(`/api/update/order/sucess/${placed.sessionId}`, buyer.cookie, {}),
    ];
    const answers = await Promise.all(doors.map((door) => door()));
    for (const answer of answers) expect(answer.status).toBe(200);

    expect(await orderOf(placed.orderId)).toMatchObject({ status: "paid", booking: "confirmed" });
    expect(await count("SELECT count(*) AS n FROM payment_events WHERE order_id = ?", placed.orderId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", buyer.user.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM wallet_entries WHERE user_id = ?", buyer.user.id)).toBe(0);
    const mails = await readOutbox(env.PRIVATE_FILES, { to: buyer.user.email ?? "" });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Booking confirmed");
    const invite = mails[0]?.attachments?.[0];
    expect(invite?.contentType).toContain("text/calendar");
    const start = world.startsAt.toISOString().replace(/[-:]/g, "").slice(0, 13);
    expect(invite?.content).toContain(`DTSTART:${start}`);
    expect(invite?.content).toMatch(/DTSTART:\d{8}T\d{4}00Z/);
    expect(
      await count(
        "SELECT count(*) AS n FROM booking_gamertags g JOIN bookings b ON b.id = g.booking_id WHERE b.order_id = ?",
        placed.orderId,
      ),
    ).toBe(2);
  });

  it("refuses a forged or stale signature with 400 and changes nothing", async () => {
    const world = await bookingWorld({ seats: 1 });
    const buyer = await fan();
    const placed = (await (
      await api("/api/create-checkout-session", buyer.cookie, purchase(world.slot.id, ["Solo"]))
    ).json()) as { id: string; url: string; orderId: string };
    expect(placed.url).toContain(placed.id);
    await paySession(placed.id);
    const [delivery] = await deliveries(placed.id);
    if (!delivery) throw new Error("no delivery");
    const forged = await sign(delivery.payload, { secret: "whsec_not_the_endpoint_secret" });
    const stale = await sign(delivery.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const tampered = delivery.payload.replace('"paid"', '"unpaid"');
    for (const [payload, signature] of [
      [delivery.payload, forged],
      [delivery.payload, stale],
      [tampered, delivery.signature],
      [delivery.payload, null],
      [delivery.payload, "t=1,v1=deadbeef"],
    ] as const) {
      const response = await postWebhook(payload, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/signature/i);
    }
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "pending_payment", booking: "held" });
    expect(await count("SELECT count(*) AS n FROM payment_events WHERE provider_event_id = ?", delivery.eventId)).toBe(
      0,
    );
    const good = await postWebhook(delivery.payload, delivery.signature);
    expect(good.status).toBe(200);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "paid", booking: "confirmed" });
  });

  it("1,000 concurrent buyers for the last seat: one hold, 999 clean refusals, one Checkout session", async () => {
    const world = await bookingWorld({ seats: 3 });
    const first = await fan();
    // Two of the three seats are gone (confirmed by wallet payment would need a balance: take them by card).
    const early = await api("/api/book-slot/create-order", first.cookie, purchase(world.slot.id, ["One", "Two"]));
    expect(early.status).toBe(200);
    const buyers = [];
    for (let i = 0; i < 1000; i += 100) {
      buyers.push(...(await Promise.all(Array.from({ length: 100 }, () => fan()))));
    }
    const answers = await Promise.all(
      buyers.map((buyer) => api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Last"]))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refusals = answers.filter((answer) => answer.status !== 200);
    expect(refusals).toHaveLength(999);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(409);
      expect(((await refusal.json()) as { message: string }).message).toMatch(/seats|no longer be booked/);
    }
    expect(
      await count(
        "SELECT count(*) AS n FROM bookings WHERE slot_id = ? AND status = 'held' AND seats = 1",
        world.slot.id,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM orders WHERE slot_id = ?", world.slot.id)).toBe(2);
    // One session for the early buyer (two seats) and one for the winner; none for a loser.
    expect(await standInSessions(world.priceMinor)).toHaveLength(1);
    expect(await standInSessions(world.priceMinor * 2)).toHaveLength(1);
  }, 120_000);

  it("the cancel URL expires the session and releases the hold at once", async () => {
    const world = await bookingWorld({ seats: 1 });
    const buyer = await fan();
    const placed = (await (
      await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Quit"]))
    ).json()) as Placed;
    const page = await request(`/checkout/cancel?order=${placed.orderId}`, { headers: { Cookie: buyer.cookie } });
    expect(page.status).toBe(200);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", booking: "expired" });
    const [session] = (await standInSessions(world.priceMinor)).filter((s) => s.id === placed.sessionId);
    expect(session?.status).toBe("expired");
    // Someone else can book the seat now; the expired event replayed changes nothing.
    const other = await fan();
    expect((await api("/api/book-slot/create-order", other.cookie, purchase(world.slot.id, ["Next"]))).status).toBe(
      200,
    );
    for (const delivery of await deliveries(placed.sessionId)) {
      expect((await postWebhook(delivery.payload, delivery.signature)).status).toBe(200);
    }
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", booking: "expired" });
    // Another user cannot cancel or confirm someone else's checkout.
    const stranger = await fan();
    const foreign = await request(`/checkout/cancel?order=${placed.orderId}`, { headers: { Cookie: stranger.cookie } });
    expect(foreign.status).toBe(404);
    const foreignSuccess = await api(`/api/update/order/sucess/${placed.sessionId}`, stranger.cookie, {});
    expect(foreignSuccess.status).toBe(404);
  });

  it("a late payment takes the seat if it is still free, else is refunded in full to the wallet and the fan is told", async () => {
    const world = await bookingWorld({ seats: 1 });
    const late = await fan();
    const placed = (await (
      await api("/api/book-slot/create-order", late.cookie, purchase(world.slot.id, ["Slow"]))
    ).json()) as Placed;
    // The hold ends (as if 10 minutes passed) and the sweeper has not run: the seat is free again.
    await endHold(env.DB, placed.orderId);
    const rival = await fan();
    const rivalAnswer = await api("/api/book-slot/create-order", rival.cookie, purchase(world.slot.id, ["Fast"]));
    expect(rivalAnswer.status).toBe(200);
    const rivalOrder = (await rivalAnswer.json()) as Placed;
    await paySession(rivalOrder.sessionId);
    await paySession(placed.sessionId);
    // The late payment arrives first, while the rival still holds the seat: refunded.
    const lateDeliveries = await deliveries(placed.sessionId, 3, true);
    await Promise.all(lateDeliveries.map((d) => postWebhook(d.payload, d.signature)));
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "refunded", booking: "expired" });
    expect(await walletBalance(getDb(env), late.user.id, "USD")).toBe(world.priceMinor);
    expect(await count("SELECT count(*) AS n FROM wallet_entries WHERE user_id = ?", late.user.id)).toBe(1);
    const notice = await readOutbox(env.PRIVATE_FILES, { to: late.user.email ?? "" });
    expect(notice.map((m) => m.subject)).toEqual(["Your payment was refunded to your wallet"]);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", late.user.id)).toBe(1);
    // The rival's payment fulfils normally.
    for (const d of await deliveries(rivalOrder.sessionId)) await postWebhook(d.payload, d.signature);
    expect(await orderOf(rivalOrder.orderId)).toMatchObject({ status: "paid", booking: "confirmed" });

    // A late payment whose seat is still free takes it.
    const quiet = await bookingWorld({ seats: 1 });
    const lucky = await fan();
    const luckyOrder = (await (
      await api("/api/book-slot/create-order", lucky.cookie, purchase(quiet.slot.id, ["Lucky"]))
    ).json()) as Placed;
    await endHold(env.DB, luckyOrder.orderId);
    await paySession(luckyOrder.sessionId);
    const success = await api(`/api/update/order/sucess/${luckyOrder.sessionId}`, lucky.cookie, {});
    expect(await success.json()).toMatchObject({ outcome: "fulfilled", status: "paid" });
    expect(await orderOf(luckyOrder.orderId)).toMatchObject({ status: "paid", booking: "confirmed" });
  });
});
