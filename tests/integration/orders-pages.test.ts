import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import {
  addBookingGamertags,
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  setSlotLobbyCode,
} from "../factories";
import { readPage, textOf } from "../support/page";
import { request } from "./app";

const HOUR = 3_600_000;

/** A fan with one booking in 20 minutes (lobby code set) and one in three days; the pages without JavaScript. */
async function world() {
  const streamer = await createStreamer(env.DB, { fullName: "Ava Streamer" });
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Ranked duos with Ava" });
  const soon = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 20 * 60_000), { seats: 4 });
  const later = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 72 * HOUR), { seats: 4 });
  const fan = await createUser(env.DB);
  const near = await createBooking(env.DB, { id: soon.id, influencerId: streamer.id }, fan.id, "confirmed");
  const far = await createBooking(env.DB, { id: later.id, influencerId: streamer.id }, fan.id, "confirmed");
  const tags = await addBookingGamertags(env.DB, far.id, ["fan#1"]);
  await setSlotLobbyCode(env.DB, soon.id, "LOBBY-42");
  await setSlotLobbyCode(env.DB, later.id, "NOT-YET");
  const cookie = (await createSession(env, fan.id)).split(";")[0] ?? "";
  return { fan, near, far, tags, cookie };
}

function page(path: string, cookie: string, cf?: Record<string, unknown>) {
  return request(path, { headers: { Cookie: cookie }, ...(cf ? { cf } : {}) } as RequestInit);
}

function form(path: string, fields: Record<string, string>, cookie: string) {
  return request(path, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
}

describe("/profile: orders and wallet without JavaScript", () => {
  it("lists the orders with status, slot time in the request's zone, lobby code only when near, invoice and cancel", async () => {
    const w = await world();
    const response = await page("/profile", w.cookie, { timezone: "Asia/Kolkata" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your orders");
    expect(html).toContain("Ranked duos with Ava");
    expect(html).toContain(">confirmed<");
    expect(html).toContain("India Standard Time (IST)");
    expect(html).not.toContain("Calcutta");
    expect(html).toContain("LOBBY-42");
    expect(html).not.toContain("NOT-YET");
    expect(html).toContain(`/api/get/user_order/invoice/${w.far.orderId}`);
    expect(html).toContain(`/profile/orders/${w.far.orderId}/cancel`);
    expect(html).toContain("Wallet");
  });

  it("answers a half month filter with 400 and 'Year and month are required'", async () => {
    const w = await world();
    const response = await page("/profile?year=2026", w.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Year and month are required");
  });

  it("saves gamer tags from the form ('Gamertags updated successfully')", async () => {
    const w = await world();
    const response = await form(
      `/profile/orders/${w.far.orderId}`,
      {
        order_id: w.far.orderId,
        "updatedGamerTagsWithId[0]._id": w.tags[0]?.id ?? "",
        "updatedGamerTagsWithId[0].gamerTag": "renamed#9",
      },
      w.cookie,
    );
    expect(response.status).toBe(302);
    const tag = await env.DB.prepare("SELECT gamertag FROM booking_gamertags WHERE id = ?").bind(w.tags[0]?.id).first();
    expect(tag).toEqual({ gamertag: "renamed#9" });
    const blank = await form(
      `/profile/orders/${w.far.orderId}`,
      {
        order_id: w.far.orderId,
        "updatedGamerTagsWithId[0]._id": w.tags[0]?.id ?? "",
        "updatedGamerTagsWithId[0].gamerTag": " ",
      },
      w.cookie,
    );
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Enter a gamer tag");
  });

  it("cancels through the confirmation page and shows the refund in the wallet", async () => {
    const w = await world();
    const confirm = await page(`/profile/orders/${w.far.orderId}/cancel`, w.cookie);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("full refund");
    const done = await form(`/profile/orders/${w.far.orderId}/cancel`, {}, w.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile#wallet");
    const profile = await readPage(await page("/profile", w.cookie));
    expect(profile.textOf(`[data-order-id="${w.far.orderId}"] [data-testid="order-status"]`)).toBe("refunded");
    // The wallet's newest entry (its cells after the date): the refund of that order.
    const newest = Array.from(profile.get('[data-testid="wallet-entry"]').children, textOf).slice(1);
    expect(newest).toEqual([`Refund · order ${w.far.orderId}`, "+$10"]);
    // A second confirmation is refused without a second refund.
    const again = await form(`/profile/orders/${w.far.orderId}/cancel`, {}, w.cookie);
    expect(again.status).toBe(409);
    const refunds = await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?")
      .bind(w.far.orderId)
      .first();
    expect(refunds).toEqual({ n: 1 });
  });

  it("someone else's order pages are 404", async () => {
    const w = await world();
    const stranger = await createUser(env.DB);
    const cookie = (await createSession(env, stranger.id)).split(";")[0] ?? "";
    expect((await page(`/profile/orders/${w.far.orderId}`, cookie)).status).toBe(404);
    expect((await page(`/profile/orders/${w.far.orderId}/cancel`, cookie)).status).toBe(404);
    expect((await form(`/profile/orders/${w.far.orderId}/cancel`, {}, cookie)).status).toBe(404);
    const status = await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(w.far.id).first();
    expect(status).toEqual({ status: "confirmed" });
  });
});

describe("honest order states", () => {
  it("an abandoned checkout reads cancelled and has no invoice; an archived gig's order still shows, unlinked", async () => {
    const w = await world();
    // The far booking's gig is archived; the near one's checkout is abandoned (hold expired, order unpaid).
    await env.DB.prepare(
      "UPDATE products SET archived_at = ? WHERE id = (SELECT s.product_id FROM slots s JOIN bookings b ON b.slot_id = s.id WHERE b.id = ?)",
    )
      .bind(Date.now(), w.far.id)
      .run();
    await env.DB.prepare(
      "UPDATE orders SET status = 'pending_payment', paid_at = NULL, payment_method = 'card' WHERE id = ?",
    )
      .bind(w.near.orderId)
      .run();
    await env.DB.prepare(
      "UPDATE bookings SET status = 'expired', hold_expires_at = NULL, confirmed_at = NULL WHERE id = ?",
    )
      .bind(w.near.id)
      .run();
    const html = await (await page("/profile", w.cookie)).text();
    expect(html).toContain("Ranked duos with Ava");
    expect(html).not.toContain('href="/gig/');
    expect(html).not.toContain(`/api/get/user_order/invoice/${w.near.orderId}`);
    expect(html).toContain(`/api/get/user_order/invoice/${w.far.orderId}`);
    const detail = await (await page(`/profile/orders/${w.near.orderId}`, w.cookie)).text();
    expect(detail).toContain(">cancelled<");
    const invoice = await page(`/api/get/user_order/invoice/${w.near.orderId}`, w.cookie);
    expect(invoice.status).toBe(404);
    expect(((await invoice.json()) as { message: string }).message).toBe(
      "This order was not paid, so it has no invoice",
    );
    expect((await page(`/api/get/user_order/invoice/${w.far.orderId}`, w.cookie)).status).toBe(200);
  });
});

describe("the wallet's top-up", () => {
  it("is linked from the wallet, and its success page speaks of the wallet, not of a booking", async () => {
    const w = await world();
    const profile = await (await page("/profile", w.cookie)).text();
    expect(profile).toContain('href="/wallet/top-up"');
    const { startTopup } = await import("~/features/payments/topup.server");
    const started = await startTopup(
      env,
      {
        id: w.fan.id,
        username: w.fan.username,
        fullName: w.fan.fullName,
        role: "user",
        isActive: true,
        isStreamer: false,
        isLive: false,
        liveSessionId: null,
        pictureUrl: null,
        country: "US",
        timeZone: null,
      },
      2000,
      "http://localhost",
    );
    await fetch(`${env.STRIPE_STAND_IN_ORIGIN}/__control/sessions/${started.sessionId}/complete`, { method: "POST" });
    const success = await (await page(`/checkout/success?session_id=${started.sessionId}`, w.cookie)).text();
    expect(success).toContain("Your wallet was topped up");
    expect(success).toContain("in your wallet now");
    expect(success).not.toContain("calendar invite");
  });
});
