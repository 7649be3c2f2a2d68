import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createLiveSession, createSlot, creditWallet, setUsdInrRate } from "../factories";
import { request } from "./app";
import { api, purchase, standInSessions } from "./booking-world";
import { get, post } from "./live-world";
import { loggedInFan, streamerWithGame } from "./streamer-world";

/**
 * docs/decisions/020: a price is stored exactly as its streamer set it, a viewer sees it in their currency, and
 * checkout charges exactly what the page showed. Through the app's own doors: the gig API, the gig page, the
 * booking and VIP checkout calls, the Stripe stand-in's sessions and the stored order.
 */
const RATE = 84_100_000; // ₹84.10 per $1

async function orderRow(id: string) {
  return env.DB.prepare("SELECT amount_minor, currency, rate_micros FROM orders WHERE id = ?")
    .bind(id)
    .first<{ amount_minor: number; currency: string; rate_micros: number }>();
}

function priceOnPage(html: string, testId: string) {
  const match = html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]+)<`));
  return match?.[1]?.trim();
}

async function inrGig() {
  const { streamer, cookie, game, platformId } = await streamerWithGame({ country: "IN" });
  const created = await request("/api/influencer/add/product", {
    method: "POST",
    body: JSON.stringify({
      product_title: "Ranked duos in rupees",
      _game_id: game.id,
      _game_mode_id: game.modeId,
      _platform_playing_on_id: platformId,
      price: "499",
    }),
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
  });
  expect(created.status).toBe(200);
  const { product } = (await created.json()) as { product: { _id: string; price: number; currency: string } };
  const slot = await createSlot(env.DB, streamer.id, product._id, new Date(Date.now() + 3 * 86_400_000), {
    seats: 4,
  });
  return { streamer, product, slot };
}

describe("a price as its streamer set it, shown and charged exactly", () => {
  it("₹499: the streamer, an Indian fan's gig page, checkout and order all say ₹499", async () => {
    await setUsdInrRate(env.DB, RATE);
    const { product: gig, slot } = await inrGig();
    expect(gig).toMatchObject({ price: 49_900, currency: "INR" });
    const { cookie } = await loggedInFan({ country: "IN" });
    const page = await (await get(`/gig/${gig._id}`, cookie)).text();
    expect(priceOnPage(page, "price")).toBe("₹499");
    expect(page).not.toContain('data-testid="price-converted"');

    const placed = await api("/api/book-slot/create-order", cookie, purchase(slot.id, ["Ace", "Bee"]));
    expect(placed.status).toBe(200);
    const body = (await placed.json()) as { orderId: string; sessionId: string; amountMinor: number };
    const [session] = (await standInSessions()).filter((s) => s.id === body.sessionId);
    expect(session).toMatchObject({ amount_total: 99_800, currency: "inr" });
    expect(await orderRow(body.orderId)).toEqual({ amount_minor: 99_800, currency: "INR", rate_micros: RATE });
  });

  it("₹499 for a fan in the US: converted at the stored rate, rounded up once, and charged as shown", async () => {
    await setUsdInrRate(env.DB, RATE);
    const { product: gig, slot } = await inrGig();
    const { cookie } = await loggedInFan({ country: "US" });
    const page = await (await get(`/gig/${gig._id}`, cookie)).text();
    // ₹499 / 84.10 = $5.93 -> $6
    expect(priceOnPage(page, "price")).toBe("$6");
    expect(page).toContain('data-testid="price-converted"');
    const placed = await api("/api/book-slot/create-order", cookie, purchase(slot.id, ["Ace"]));
    const body = (await placed.json()) as { orderId: string; sessionId: string };
    const [session] = (await standInSessions()).filter((s) => s.id === body.sessionId);
    expect(session).toMatchObject({ amount_total: 600, currency: "usd" });
    expect(await orderRow(body.orderId)).toEqual({ amount_minor: 600, currency: "USD", rate_micros: 1_000_000 });
  });

  it("a VIP place of $5: shown and charged $5 to a US fan, ₹421 to an Indian fan (wallet in rupees)", async () => {
    await setUsdInrRate(env.DB, RATE);
    const { streamer, game } = await streamerWithGame({ country: "US" });
    const live = await createLiveSession(env.DB, streamer.id, game, { priceMinor: 500 });

    const us = await loggedInFan({ country: "US" });
    const usPage = await (await get(`/live/${live.id}`, us.cookie)).text();
    expect(priceOnPage(usPage, "vip-price")).toBe("$5");
    const usCheckout = await post("/api/create-live-checkout-session", us.cookie, {
      liveSessionId: live.id,
      acceptTerms: true,
      gamertag: "us-tag",
    });
    expect(usCheckout.status).toBe(200);
    const usBody = (await usCheckout.json()) as { id: string; orderId: string };
    const [usSession] = (await standInSessions()).filter((s) => s.id === usBody.id);
    expect(usSession).toMatchObject({ amount_total: 500, currency: "usd" });
    expect(await orderRow(usBody.orderId)).toEqual({ amount_minor: 500, currency: "USD", rate_micros: 1_000_000 });

    // $5 * 84.10 = ₹420.50 -> ₹421, paid from a wallet that holds rupees.
    const india = await loggedInFan({ country: "IN" });
    await creditWallet(env.DB, india.fan.id, 50_000, "INR");
    const inPage = await (await get(`/live/${live.id}`, india.cookie)).text();
    expect(priceOnPage(inPage, "vip-price")).toBe("₹421");
    const joined = await post("/api/join_vip", india.cookie, {
      liveSessionId: live.id,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "vip-tag",
    });
    expect(joined.status).toBe(200);
    const paid = await env.DB.prepare(
      "SELECT o.amount_minor, o.currency, o.rate_micros, w.amount_minor AS debit, w.currency AS wallet FROM orders o JOIN wallet_entries w ON w.order_id = o.id WHERE o.user_id = ? AND o.kind = 'vip_queue'",
    )
      .bind(india.fan.id)
      .first();
    expect(paid).toEqual({ amount_minor: 42_100, currency: "INR", rate_micros: RATE, debit: -42_100, wallet: "INR" });
  });
});

describe("one wallet currency per fan", () => {
  async function balances(userId: string) {
    const { results } = await env.DB.prepare(
      "SELECT currency, sum(amount_minor) AS balance FROM wallet_entries WHERE user_id = ? GROUP BY currency HAVING sum(amount_minor) <> 0 ORDER BY currency",
    )
      .bind(userId)
      .all<{ currency: string; balance: number }>();
    return results;
  }

  it("a fan moving to India has their dollars converted into rupees with the country change", async () => {
    await setUsdInrRate(env.DB, RATE);
    const { fan, cookie } = await loggedInFan({ country: "US" });
    await creditWallet(env.DB, fan.id, 1_234, "USD");
    const moved = await request(`/api/auth/user/save-country/${fan.id}`, {
      method: "POST",
      body: JSON.stringify({ billing_country: "IN" }),
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(moved.status).toBe(200);
    // $12.34 * 84.10 = ₹1,037.794 -> ₹1,037.79, half up to the paisa; nothing left in dollars.
    expect(await balances(fan.id)).toEqual([{ currency: "INR", balance: 103_779 }]);
    const { results } = await env.DB.prepare(
      "SELECT kind, currency, amount_minor FROM wallet_entries WHERE user_id = ? AND kind = 'adjustment' ORDER BY currency",
    )
      .bind(fan.id)
      .all();
    expect(results).toEqual([
      { kind: "adjustment", currency: "INR", amount_minor: 103_779 },
      { kind: "adjustment", currency: "USD", amount_minor: -1_234 },
    ]);
  });

  it("a refund landing in the old currency is converted by the sweep, once", async () => {
    await setUsdInrRate(env.DB, RATE);
    const { fan } = await loggedInFan({ country: "IN" });
    await creditWallet(env.DB, fan.id, 500, "USD");
    await creditWallet(env.DB, fan.id, 10_000, "INR");
    const { convertStrayBalances } = await import("~/features/wallet/convert.server");
    expect(await convertStrayBalances(env)).toContain(fan.id);
    expect(await convertStrayBalances(env)).not.toContain(fan.id);
    // ₹100 + $5 * 84.10 = ₹100 + ₹420.50
    expect(await balances(fan.id)).toEqual([{ currency: "INR", balance: 52_050 }]);
  });
});
