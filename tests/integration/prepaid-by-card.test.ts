import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/features/booking/index.server";
import { joinVipWithPass } from "~/features/live/vip-pass.server";
import { buyPack, setPackOffer } from "~/features/packs/index.server";
import { buyPass, setPassOffer } from "~/features/passes/index.server";
import { confirmCheckout, sweepStaleCheckouts } from "~/features/payments/index.server";
import { walletBalance } from "~/features/wallet/index.server";
import { getDb } from "~/platform/db.server";
import { createGame, createLiveSession, createPlatform, viewerOf } from "../factories";
import { postForm, request } from "./app";
import { bookingWorld, deliveries, fan, postWebhook } from "./booking-world";

/**
 * A session pack and a VIP pass bought by card (docs/decisions/040-packs-and-passes-by-card.md): the card payment is a
 * wallet top-up earmarked for the purchase, and the fulfilment batch credits the wallet and pays the purchase from it.
 * Bought once however the webhook is replayed and the success page races it; an expired or cancelled checkout buys
 * nothing; an offer withdrawn before the money came leaves it in the wallet, and the fan is told.
 */
const ORIGIN = "http://localhost";
const stripe = (path: string, init?: RequestInit) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, init);

async function one<T>(query: string, ...binds: unknown[]): Promise<T | null> {
  return env.DB.prepare(query)
    .bind(...binds)
    .first<T>();
}

async function all<T>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** A streamer's gig offering a 3-session pack at 25 USD and a 2-place VIP pass at 15 USD, and a fan with no money. */
async function world() {
  const booking = await bookingWorld({ priceMinor: 1000, seats: 3 });
  const streamer = viewerOf(booking.streamer);
  await setPackOffer(env, streamer, booking.gig.id, { sessions: 3, price: 25, validDays: 90, active: true });
  await setPassOffer(env, streamer, { places: 2, price: 15, validDays: 30, active: true });
  const buyer = await fan();
  const gigTitle =
    (await one<{ title: string }>("SELECT title FROM products WHERE id = ?", booking.gig.id))?.title ?? "";
  return { ...booking, gigTitle, streamerViewer: streamer, buyer, viewer: viewerOf(buyer.user) };
}

/** The card order a purchase names, and its Checkout session. */
async function cardOrderOf(table: "pack_purchases" | "pass_purchases", id: string) {
  const row = await one<{ id: string; kind: string; status: string; amount: number; session: string }>(
    `SELECT o.id, o.kind, o.status, o.amount_minor AS amount, o.checkout_session_id AS session
       FROM ${table} p JOIN orders o ON o.id = p.order_id WHERE p.id = ?`,
    id,
  );
  if (!row) throw new Error(`no card order for ${id}`);
  return row;
}

const statusOf = async (table: "pack_purchases" | "pass_purchases", id: string) =>
  (await one<{ status: string }>(`SELECT status FROM ${table} WHERE id = ?`, id))?.status;

const walletOf = (userId: string) =>
  all<{ kind: string; amount_minor: number }>(
    "SELECT kind, amount_minor FROM wallet_entries WHERE user_id = ? ORDER BY created_at, kind DESC",
    userId,
  );

const outboxOf = (orderId: string) =>
  all<{ id: string; template: string }>(
    "SELECT id, template FROM outbox_messages WHERE id LIKE ? ORDER BY id",
    `%${orderId}%`,
  );

/** Pays the session at the stand-in (no redirect followed), then sends every door at once, each several times. */
async function payAndRace(sessionId: string, cookie: string, viewer: ReturnType<typeof viewerOf>) {
  await stripe(`/__control/sessions/${sessionId}/complete`, { method: "POST" });
  const replays = await deliveries(sessionId, 3, true);
  const page = () => request(`/checkout/success?session_id=${sessionId}`, { headers: { Cookie: cookie } });
  const results = await Promise.all([
    ...replays.map((d) => postWebhook(d.payload, d.signature)),
    confirmCheckout(env, viewer, sessionId),
    page(),
    confirmCheckout(env, viewer, sessionId),
  ]);
  for (const result of results) if (result instanceof Response) expect(result.status).toBe(200);
  // And once more each, after the race: nothing more happens.
  for (const d of replays) expect((await postWebhook(d.payload, d.signature)).status).toBe(200);
  return (await page()).text();
}

describe("a session pack bought by card", () => {
  it("is bought once under replayed webhooks and the success page racing them, and says what was bought", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    expect(bought).toMatchObject({ status: "pending_payment", amountMinor: 2500, currency: "USD", sessions: 3 });
    expect(bought.checkoutUrl).toContain("/pay/cs_");
    const order = await cardOrderOf("pack_purchases", bought.packId);
    // The card payment is a wallet top-up of exactly the pack's price, earmarked by the pending pack.
    expect(order).toMatchObject({ kind: "wallet_topup", status: "pending_payment", amount: 2500 });
    expect(await statusOf("pack_purchases", bought.packId)).toBe("pending_payment");
    // Nothing on the fan's profile yet: a pending pack has no ledger.
    expect(await all("SELECT id FROM pack_credit_entries WHERE pack_id = ?", bought.packId)).toEqual([]);

    const before = Date.now();
    const html = await payAndRace(order.session, w.buyer.cookie, w.viewer);

    expect(await statusOf("pack_purchases", bought.packId)).toBe("paid");
    // The money trail: the card's top-up into the wallet, the pack paid from it; each once.
    expect(await walletOf(w.buyer.user.id)).toEqual([
      { kind: "topup", amount_minor: 2500 },
      { kind: "pack_purchase", amount_minor: -2500 },
    ]);
    expect(await walletBalance(getDb(env), w.buyer.user.id, "USD")).toBe(0);
    expect(
      await all("SELECT kind, credits, value_minor FROM pack_credit_entries WHERE pack_id = ?", bought.packId),
    ).toEqual([{ kind: "purchase", credits: 3, value_minor: 2500 }]);
    // Valid for 90 days from the payment, not from the checkout's start.
    const pack = await one<{ paid_at: number; expires_at: number }>(
      "SELECT paid_at, expires_at FROM pack_purchases WHERE id = ?",
      bought.packId,
    );
    expect(pack?.paid_at).toBeGreaterThanOrEqual(before);
    expect((pack?.expires_at ?? 0) - (pack?.paid_at ?? 0)).toBe(90 * 86_400_000);
    // The fan is told what was bought, once, and not "your wallet was topped up".
    expect(await outboxOf(order.id)).toEqual([
      { id: `pack-by-card:${order.id}:notification`, template: "pack-by-card" },
    ]);
    const notice = await one<{ title: string; url: string }>(
      "SELECT title, url FROM notifications WHERE user_id = ? ORDER BY created_at DESC",
      w.buyer.user.id,
    );
    expect(notice).toEqual({ title: `Session pack bought: 3 sessions of ${w.gigTitle}`, url: `/gig/${w.gig.id}` });
    // The success page names the pack, its sessions and until when; not a top-up.
    expect(html).toContain("Session pack bought");
    expect(html).toContain(`${w.gigTitle}`);
    expect(html).toMatch(/3 sessions, \$25 paid\. Book them until \d{1,2} \w{3} \d{4}/);
    expect(html).toContain(`/api/get/user_pack/invoice/${bought.packId}`);
    expect(html).not.toContain("topped up");

    // Its credits book like any pack's.
    const booked = await placeOrder(
      env,
      w.viewer,
      {
        slotId: w.slot.id,
        numberOfPlayers: 1,
        multipleGamerTags: ["Card"],
        promoCode: undefined,
        paymentMethod: "credit",
      },
      ORIGIN,
    );
    expect(booked.status).toBe("paid");
  });

  it("buys nothing when the checkout is cancelled or expires", async () => {
    const w = await world();
    // Cancelled on the checkout page: the cancel URL ends it.
    const cancelled = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const first = await cardOrderOf("pack_purchases", cancelled.packId);
    const page = await request(`/checkout/cancel?order=${first.id}`, { headers: { Cookie: w.buyer.cookie } });
    const text = await page.text();
    expect(text).toContain("No payment was taken: the session pack of");
    expect(text).toContain("was not bought");
    expect(await statusOf("pack_purchases", cancelled.packId)).toBe("cancelled");
    expect((await cardOrderOf("pack_purchases", cancelled.packId)).status).toBe("cancelled");

    // Expired at Stripe: its webhook (replayed) ends it.
    const expired = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const second = await cardOrderOf("pack_purchases", expired.packId);
    await stripe(`/v1/checkout/sessions/${second.session}/expire`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_stand_in" },
    });
    for (const d of await deliveries(second.session, 2, true)) await postWebhook(d.payload, d.signature);
    expect(await statusOf("pack_purchases", expired.packId)).toBe("cancelled");

    // Nothing bought, nothing moved, nobody told anything was bought.
    expect(await walletOf(w.buyer.user.id)).toEqual([]);
    expect(await all("SELECT id FROM pack_credit_entries WHERE user_id = ?", w.buyer.user.id)).toEqual([]);
    expect(await outboxOf(first.id)).toEqual([]);
    expect(await outboxOf(second.id)).toEqual([]);
    // A success page reached after all (a stale tab) says nothing was taken.
    const stale = await request(`/checkout/success?session_id=${second.session}`, {
      headers: { Cookie: w.buyer.cookie },
    });
    expect(await stale.text()).toContain("This checkout was cancelled");
  });

  it("keeps the money in the wallet, and says so, when the pack was withdrawn before the payment came", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pack_purchases", bought.packId);
    await setPackOffer(env, w.streamerViewer, w.gig.id, { sessions: 3, price: 25, validDays: 90, active: false });

    const html = await payAndRace(order.session, w.buyer.cookie, w.viewer);

    expect(await statusOf("pack_purchases", bought.packId)).toBe("cancelled");
    expect(await walletOf(w.buyer.user.id)).toEqual([{ kind: "topup", amount_minor: 2500 }]);
    expect(await all("SELECT id FROM pack_credit_entries WHERE pack_id = ?", bought.packId)).toEqual([]);
    expect(html).toContain("Payment received: it is in your wallet");
    expect(html).toContain(
      "was no longer on offer when your payment arrived, so it was not bought: $25 is in your wallet",
    );
    const notice = await one<{ title: string }>(
      "SELECT title FROM notifications WHERE user_id = ? ORDER BY created_at DESC",
      w.buyer.user.id,
    );
    expect(notice?.title).toBe(
      "The session pack was no longer on offer when your card payment arrived: $25 is in your wallet",
    );
    // The pack is not the fan's: no invoice.
    const invoice = await request(`/api/get/user_pack/invoice/${bought.packId}`, {
      headers: { Cookie: w.buyer.cookie },
    });
    expect(invoice.status).toBe(404);
  });
});

describe("the checkout's edges", () => {
  it("buys the pack when the payment came before the cancel page (the page finds it paid)", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pack_purchases", bought.packId);
    await stripe(`/__control/sessions/${order.session}/complete`, { method: "POST" });
    const page = await request(`/checkout/cancel?order=${order.id}`, { headers: { Cookie: w.buyer.cookie } });
    expect(await page.text()).toContain("Session pack bought");
    expect(await statusOf("pack_purchases", bought.packId)).toBe("paid");
    expect(await walletBalance(getDb(env), w.buyer.user.id, "USD")).toBe(0);
  });

  it("keeps a payment that arrives after its checkout ended in the wallet: the pack stays unbought", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pack_purchases", bought.packId);
    // Ended as a release ends it (the order cancelled, the pack with it), yet Stripe took the payment.
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(order.id),
      env.DB.prepare("UPDATE pack_purchases SET status = 'cancelled' WHERE id = ?").bind(bought.packId),
    ]);
    const html = await payAndRace(order.session, w.buyer.cookie, w.viewer);
    expect(await statusOf("pack_purchases", bought.packId)).toBe("cancelled");
    expect(await walletOf(w.buyer.user.id)).toEqual([{ kind: "topup", amount_minor: 2500 }]);
    expect(html).toContain("so it was not bought: $25 is in your wallet");
  });

  it("goes from the gig page's form, JavaScript or not, to the checkout page by card, and back from the wallet", async () => {
    const w = await world();
    const page = await (await request(`/gig/${w.gig.id}`, { headers: { Cookie: w.buyer.cookie } })).text();
    const pack = page.slice(page.indexOf('data-testid="gig-pack"'));
    expect(pack).toContain("Pay with");
    // No money in the wallet: the card is chosen first.
    expect(pack).toMatch(/name="paymentMethod" checked="" value="card"\/> Card/);
    expect(pack).toContain("Wallet ($0 available)");
    const byCard = await postForm(
      `/gig/${w.gig.id}`,
      { intent: "buy-pack", paymentMethod: "card" },
      { Cookie: w.buyer.cookie },
    );
    expect(byCard.status).toBe(303);
    expect(byCard.headers.get("Location")).toMatch(/\/pay\/cs_/);
    const streamerPage = await postForm(
      `/star/${w.streamer.id}`,
      { intent: "buy-pass", paymentMethod: "card" },
      { Cookie: w.buyer.cookie },
    );
    expect(streamerPage.status).toBe(303);
    expect(streamerPage.headers.get("Location")).toMatch(/\/pay\/cs_/);
    // From a wallet that cannot cover it: refused, nothing pending.
    const byWallet = await postForm(
      `/gig/${w.gig.id}`,
      { intent: "buy-pack", paymentMethod: "wallet" },
      { Cookie: w.buyer.cookie },
    );
    expect(byWallet.status).toBe(302);
    expect(await all("SELECT status, payment_method FROM pack_purchases WHERE user_id = ?", w.buyer.user.id)).toEqual([
      { status: "pending_payment", payment_method: "card" },
    ]);
  });
});

describe("a VIP pass bought by card", () => {
  it("is bought once under replayed webhooks and the success page racing them, and joins VIP with no payment", async () => {
    const w = await world();
    const bought = await buyPass(env, w.viewer, w.streamer.id, { paymentMethod: "card" }, { origin: ORIGIN });
    expect(bought).toMatchObject({ status: "pending_payment", amountMinor: 1500, places: 2 });
    const order = await cardOrderOf("pass_purchases", bought.passId);
    expect(order).toMatchObject({ kind: "wallet_topup", amount: 1500 });

    const html = await payAndRace(order.session, w.buyer.cookie, w.viewer);

    expect(await statusOf("pass_purchases", bought.passId)).toBe("paid");
    expect(await walletOf(w.buyer.user.id)).toEqual([
      { kind: "topup", amount_minor: 1500 },
      { kind: "pass_purchase", amount_minor: -1500 },
    ]);
    expect(await all("SELECT kind, uses, value_minor FROM pass_entries WHERE pass_id = ?", bought.passId)).toEqual([
      { kind: "purchase", uses: 2, value_minor: 1500 },
    ]);
    expect(await outboxOf(order.id)).toEqual([
      { id: `pass-by-card:${order.id}:notification`, template: "pass-by-card" },
    ]);
    expect(html).toContain("VIP pass bought");
    expect(html).toMatch(/2 VIP places with [^<]+, \$15 paid\. Join their VIP queues until \d{1,2} \w{3} \d{4}/);
    expect(html).toContain(`/api/get/user_pass/invoice/${bought.passId}`);

    const platform = await createPlatform(env.DB, `card${Math.floor(Math.random() * 1e9)}`);
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const live = await createLiveSession(env.DB, w.streamer.id, game, { priceMinor: 700 });
    await joinVipWithPass(env, w.viewer, live.id, "card-pass");
    expect(await walletBalance(getDb(env), w.buyer.user.id, "USD")).toBe(0);
  });

  it("buys nothing when its checkout expires", async () => {
    const w = await world();
    const bought = await buyPass(env, w.viewer, w.streamer.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pass_purchases", bought.passId);
    await stripe(`/v1/checkout/sessions/${order.session}/expire`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_stand_in" },
    });
    for (const d of await deliveries(order.session, 2, true)) await postWebhook(d.payload, d.signature);
    expect(await statusOf("pass_purchases", bought.passId)).toBe("cancelled");
    expect(await walletOf(w.buyer.user.id)).toEqual([]);
    expect(await all("SELECT id FROM pass_entries WHERE pass_id = ?", bought.passId)).toEqual([]);
  });
});

/**
 * A card checkout whose webhook never came (docs/decisions/040): a top-up holds nothing, so the every-minute cron's
 * stale-checkout sweep ends it once its Checkout session can no longer be paid (31 minutes), as the lost webhook
 * would have: an abandoned one buys nothing, a paid one buys the pack.
 */
describe("a card checkout whose webhook never came", () => {
  const MINUTE = 60_000;

  it("ends an abandoned checkout once it can no longer be paid: the pack is not bought, nothing moves", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pack_purchases", bought.packId);
    // While its session can still be paid, the sweep leaves it alone.
    await sweepStaleCheckouts(env, new Date(Date.now() + 20 * MINUTE));
    expect((await cardOrderOf("pack_purchases", bought.packId)).status).toBe("pending_payment");
    expect(await statusOf("pack_purchases", bought.packId)).toBe("pending_payment");

    expect(await sweepStaleCheckouts(env, new Date(Date.now() + 40 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect((await cardOrderOf("pack_purchases", bought.packId)).status).toBe("cancelled");
    expect(await statusOf("pack_purchases", bought.packId)).toBe("cancelled");
    expect(await walletOf(w.buyer.user.id)).toEqual([]);
    expect(await all("SELECT id FROM pack_credit_entries WHERE pack_id = ?", bought.packId)).toEqual([]);
    // Its session can no longer be paid: ended at Stripe too.
    const { sessions } = (await (await stripe("/__control/sessions")).json()) as {
      sessions: { id: string; status: string }[];
    };
    expect(sessions.find((session) => session.id === order.session)?.status).toBe("expired");
  });

  it("buys the pack, once, when the payment came but its webhook did not", async () => {
    const w = await world();
    const bought = await buyPack(env, w.viewer, w.gig.id, { paymentMethod: "card" }, { origin: ORIGIN });
    const order = await cardOrderOf("pack_purchases", bought.packId);
    // Paid at Stripe; no webhook is delivered and the fan never comes back to the success page.
    await stripe(`/__control/sessions/${order.session}/complete`, { method: "POST" });
    const later = new Date(Date.now() + 40 * MINUTE);
    await sweepStaleCheckouts(env, later);
    await sweepStaleCheckouts(env, later);
    expect((await cardOrderOf("pack_purchases", bought.packId)).status).toBe("paid");
    expect(await statusOf("pack_purchases", bought.packId)).toBe("paid");
    expect(await walletOf(w.buyer.user.id)).toEqual([
      { kind: "topup", amount_minor: 2500 },
      { kind: "pack_purchase", amount_minor: -2500 },
    ]);
    expect(
      await all("SELECT kind, credits, value_minor FROM pack_credit_entries WHERE pack_id = ?", bought.packId),
    ).toEqual([{ kind: "purchase", credits: 3, value_minor: 2500 }]);
  });
});
