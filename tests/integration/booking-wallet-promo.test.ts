import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { walletBalance } from "~/features/wallet/ledger.server";
import { newId } from "~/lib/id";
import { formatMoney, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { promoCodes } from "~db/schema";
import { attributesOf, readPage, textOf } from "../support/page";
import { request } from "./app";
import { api, bookingWorld, deliveries, fan, paySession, postWebhook, purchase } from "./booking-world";

const balance = (userId: string) => walletBalance(getDb(env), userId, "USD");

async function count(sql: string, ...binds: unknown[]) {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...binds)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

function form(path: string, cookie: string, fields: Record<string, string>) {
  return request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Tops the wallet up by card through the app: the page, the stand-in's Pay, the webhook. */
async function topUp(cookie: string, dollars: number) {
  const started = await form("/wallet/top-up", cookie, { amount: String(dollars) });
  expect(started.status).toBe(303);
  const sessionId = new URL(started.headers.get("Location") ?? "").pathname.split("/").pop() ?? "";
  await paySession(sessionId);
  for (const delivery of await deliveries(sessionId)) await postWebhook(delivery.payload, delivery.signature);
  return sessionId;
}

async function promo(overrides: Partial<typeof promoCodes.$inferInsert>) {
  const code = overrides.code ?? `T${newId().slice(0, 10).toUpperCase()}`;
  await getDb(env)
    .insert(promoCodes)
    .values({ id: newId(), code, kind: "percent", value: 1000, ...overrides });
  return code;
}

describe("the booking form on /gig/:id (no JavaScript)", () => {
  it("sends an anonymous visitor to /login and back to the same gig and slot", async () => {
    const world = await bookingWorld();
    const page = await request(`/gig/${world.gig.id}`);
    expect(await page.text()).toContain("Log in to book");
    const answer = await request(`/gig/${world.gig.id}`, {
      method: "POST",
      body: new URLSearchParams({ slotId: world.slot.id }),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/gig/${world.gig.id}?slot=${world.slot.id}`)}`,
    );
  });

  it("books by card through the stand-in's checkout and by wallet, and shows form errors", async () => {
    const world = await bookingWorld({ seats: 4 });
    const buyer = await fan();
    const page = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(page).toContain("Book now");
    expect(page).toContain(`value="${buyer.user.username}"`);

    const bad = await form(`/gig/${world.gig.id}`, buyer.cookie, {
      slotId: world.slot.id,
      numberOfPlayers: "2",
      "multipleGamerTags[0]": "Only",
      paymentMethod: "card",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter one gamer tag per player");

    const card = await form(`/gig/${world.gig.id}`, buyer.cookie, {
      slotId: world.slot.id,
      numberOfPlayers: "1",
      "multipleGamerTags[0]": "CardPlayer",
      "multipleGamerTags[1]": "",
      paymentMethod: "card",
    });
    expect(card.status).toBe(303);
    const checkout = new URL(card.headers.get("Location") ?? "");
    expect(checkout.origin).toBe(env.STRIPE_STAND_IN_ORIGIN);
    const paid = await paySession(checkout.pathname.split("/").pop() ?? "");
    const success = new URL(paid.headers.get("Location") ?? "");
    const done = await request(`${success.pathname}${success.search}`, { headers: { Cookie: buyer.cookie } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Payment received");

    const poor = await form(`/gig/${world.gig.id}`, buyer.cookie, {
      slotId: world.slot.id,
      numberOfPlayers: "1",
      "multipleGamerTags[0]": "Broke",
      paymentMethod: "wallet",
    });
    expect(poor.status).toBe(409);
    expect(await poor.text()).toContain("Your wallet balance does not cover this order");

    await topUp(buyer.cookie, 500);
    expect(await balance(buyer.user.id)).toBe(50_000);
    const wallet = await form(`/gig/${world.gig.id}`, buyer.cookie, {
      slotId: world.slot.id,
      numberOfPlayers: "1",
      "multipleGamerTags[0]": "WalletPlayer",
      paymentMethod: "wallet",
    });
    expect(wallet.status).toBe(303);
    const confirmation = await request(wallet.headers.get("Location") ?? "", { headers: { Cookie: buyer.cookie } });
    const confirmed = await readPage(confirmation);
    expect(confirmed.text()).toContain("Payment received");
    // The confirmation names what was booked: the gig, the session's time, the seats and the amount.
    const booked = textOf(confirmed.byTestId("booked-session"));
    expect(booked).toContain(`Gig ${world.gig.id.slice(0, 6)}`);
    expect(confirmed.all('[data-testid="booked-session"] time')).not.toHaveLength(0);
    expect(booked).toContain("1 seat,");
    expect(booked).toContain(formatMoney(money(world.priceMinor, "USD")));
    expect(await balance(buyer.user.id)).toBe(50_000 - world.priceMinor);
  });
});

describe("wallet and promo codes through the API", () => {
  it("pays from the wallet only while the balance covers it, in one write with the booking", async () => {
    const world = await bookingWorld({ seats: 5, priceMinor: 2000 });
    const buyer = await fan();
    await topUp(buyer.cookie, 50);
    const first = await api("/api/create/order", buyer.cookie, purchase(world.slot.id, ["A", "B"]));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, status: "paid", amountMinor: 4000, checkoutUrl: null });
    expect(await balance(buyer.user.id)).toBe(1000);
    const second = await api("/api/create/order", buyer.cookie, purchase(world.slot.id, ["C"]));
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ success: false, message: "Your wallet balance does not cover this order" });
    expect(await balance(buyer.user.id)).toBe(1000);
    expect(
      await count("SELECT count(*) AS n FROM orders WHERE user_id = ? AND kind = 'slot_booking'", buyer.user.id),
    ).toBe(1);
    // Concurrent wallet payments never overdraw.
    const rich = await fan();
    await topUp(rich.cookie, 50);
    const race = await Promise.all(
      Array.from({ length: 6 }, () => api("/api/create/order", rich.cookie, purchase(world.slot.id, ["R"]))),
    );
    expect(race.filter((r) => r.status === 200)).toHaveLength(2);
    expect(await balance(rich.user.id)).toBe(1000);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", rich.user.id)).toBe(3);
  });

  it("verifies promo codes and redeems them in the same write as the order, within their limits", async () => {
    const world = await bookingWorld({ seats: 5, priceMinor: 3000 });
    const buyer = await fan();
    const tenOff = await promo({ kind: "percent", value: 1000, maxUsesPerUser: 1 });
    const verify = (code: string, players = 2) =>
      api(
        `/api/verify-promo-code?${new URLSearchParams({ code, slotId: world.slot.id, numberOfPlayers: String(players) })}`,
        buyer.cookie,
      );
    expect(await (await verify(tenOff.toLowerCase())).json()).toMatchObject({
      success: true,
      discountMinor: 600,
      amountMinor: 5400,
    });
    const otherStar = (await bookingWorld()).streamer.id;
    // The specified message for every refusal, and the reason beside it (a typo is not an expired code).
    const refused = [
      ["NOPE123", "unknown"],
      [await promo({ isActive: false }), "inactive"],
      [await promo({ expiresAt: new Date(Date.now() - 1000) }), "expired"],
      [await promo({ streamerId: otherStar }), "other_streamer"],
      [await promo({ kind: "fixed", value: 500, currency: "INR" }), "other_currency"],
    ] as const;
    for (const [code, reason] of refused) {
      const answer = await verify(code);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        success: false,
        message: "Error verifying promo code",
        field: "promoCode",
        reason,
      });
    }
    // Without JavaScript the booking form says why in words.
    const expired = refused[2][0];
    const page = await form(`/gig/${world.gig.id}`, buyer.cookie, {
      slotId: world.slot.id,
      numberOfPlayers: "1",
      "multipleGamerTags[0]": "P1",
      promoCode: expired,
      paymentMethod: "card",
    });
    expect(page.status).toBe(400);
    // Once, in a fan's words: the code and what is wrong with it (no engineer's prefix).
    const words = `${expired} has expired.`;
    const shown = (await readPage(page)).text();
    expect(shown.split(words)).toHaveLength(3); // under the field and in the form's summary, linked to it
    expect(shown).not.toContain("Error verifying promo code");
    const placed = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(world.slot.id, ["P1", "P2"], { promoCode: tenOff }),
    );
    expect(await placed.json()).toMatchObject({ success: true, amountMinor: 5400, discountMinor: 600 });
    // Per-user limit 1: the second use is refused and leaves nothing behind.
    const again = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(world.slot.id, ["P3"], { promoCode: tenOff }),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ reason: "already_used" });
    expect(await count("SELECT count(*) AS n FROM orders WHERE user_id = ?", buyer.user.id)).toBe(1);
  });

  it("previews a code before checkout (Apply): the discount and new total, or one sentence saying why not", async () => {
    const world = await bookingWorld({ seats: 5, priceMinor: 3000 });
    const buyer = await fan();
    const tenOff = await promo({ kind: "percent", value: 1000 });
    const rupeesOnly = await promo({ kind: "fixed", value: 50_000, currency: "INR" });
    const apply = (code: string, players = "2") =>
      form(`/gig/${world.gig.id}`, buyer.cookie, {
        intent: "apply-promo",
        slotId: world.slot.id,
        numberOfPlayers: players,
        "multipleGamerTags[0]": "KeptOne",
        "multipleGamerTags[1]": "KeptTwo",
        promoCode: code.toLowerCase(),
        paymentMethod: "wallet",
      });
    // Without JavaScript the form comes back with the preview and everything the fan chose.
    const applied = await apply(tenOff);
    expect(applied.status).toBe(200);
    const page = await readPage(applied);
    const attr = (selector: string, name: string) => attributesOf(page.get(selector), name)[0];
    const usd = (minor: number) => formatMoney(money(minor, "USD"));
    expect(page.textOf('[data-testid="promo-result"]')).toBe(
      `${tenOff}: ${usd(600)} off. New total ${usd(5400)} (was ${usd(6000)}).`,
    );
    // The line under the form says the total to pay with the code, not the price before it.
    expect(page.textOf('[data-testid="booking-total"]')).toBe(`total ${usd(5400)} with ${tenOff}`);
    expect(attr("#booking-promoCode", "value")).toBe(tenOff.toLowerCase());
    expect(attr('[name="multipleGamerTags[1]"]', "value")).toBe("KeptTwo");
    expect(attr('[name="numberOfPlayers"] option[selected]', "value")).toBe("2");
    expect(attr('input[name="paymentMethod"][value="wallet"]', "checked")).not.toBeNull();
    // Nothing was ordered or redeemed by a preview.
    expect(await count("SELECT count(*) AS n FROM orders WHERE user_id = ?", buyer.user.id)).toBe(0);
    // A refusal is one sentence a fan understands, said once.
    for (const [code, words] of [
      [rupeesOnly, `${rupeesOnly} works only on orders paid in rupees.`],
      ["nosuchcode", "There is no promo code NOSUCHCODE. Check the spelling."],
      ["", "Enter a promo code to apply"],
    ] as const) {
      const refused = await apply(code);
      expect(refused.status).toBe(400);
      const shown = await readPage(refused);
      expect(shown.textOf('[data-testid="promo-result"]')).toBe(words);
      expect(shown.text().split(words)).toHaveLength(2);
    }
    // The discount follows the number of players.
    const one = await readPage(await apply(tenOff, "1"));
    expect(one.textOf('[data-testid="promo-result"]')).toContain(`New total ${usd(2700)}`);
  });

  it("redeems a code limited to 3 uses exactly 3 times when 8 buyers race for it", async () => {
    const scarce = await promo({ kind: "fixed", value: 500, currency: "USD", maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => fan()));
    const quiet = await bookingWorld({ seats: 20 });
    const raced = await Promise.all(
      buyers.map((b) =>
        api("/api/book-slot/create-order", b.cookie, purchase(quiet.slot.id, ["X"], { promoCode: scarce })),
      ),
    );
    expect(raced.filter((r) => r.status === 200)).toHaveLength(3);
    expect(
      await count(
        "SELECT count(*) AS n FROM promo_redemptions r JOIN promo_codes p ON p.id = r.promo_code_id WHERE p.code = ?",
        scarce,
      ),
    ).toBe(3);
  });

  it("skips the card for a 100% off code: paid at once, no Checkout session", async () => {
    const quiet = await bookingWorld({ seats: 20 });
    const buyer = await fan();
    const free = await promo({ kind: "percent", value: 10_000 });
    const freeOrder = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(quiet.slot.id, ["Free"], { promoCode: free }),
    );
    expect(await freeOrder.json()).toMatchObject({ success: true, status: "paid", amountMinor: 0, checkoutUrl: null });
  });

  it("answers malformed bodies on every booking call with a 4xx and a message, changing nothing", async () => {
    const world = await bookingWorld({ seats: 2 });
    const buyer = await fan();
    const before = await count("SELECT count(*) AS n FROM orders");
    const paths = ["/api/book-slot/create-order", "/api/create-checkout-session", "/api/create/order"];
    const bodies: unknown[] = [
      {},
      { timeSlot: { id: world.slot.id } },
      purchase(world.slot.id, []),
      { ...purchase(world.slot.id, ["A", "B"]), numberOfPlayers: 1 },
      { ...purchase(world.slot.id, ["A"]), numberOfPlayers: "many" },
      purchase(world.slot.id, ["x".repeat(65)]),
      purchase(world.slot.id, ["A", "B", "C"]),
      purchase("no-such-slot", ["A"]),
      { ...purchase(world.slot.id, ["A"]), paymentMethod: "cash" },
      [1, 2, 3],
      "not json",
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const answer = await request(path, {
          method: "POST",
          body: typeof body === "string" ? body : JSON.stringify(body),
          headers: { "Content-Type": "application/json", Cookie: buyer.cookie },
        });
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(((await answer.json()) as { message: string }).message.length).toBeGreaterThan(0);
      }
    }
    for (const [path, body] of [
      [`/api/post/check-slot-available-to-book/${world.slot.id}`, { numberOfPlayers: 0 }],
      ["/api/update/order/sucess/cs_test_unknown", {}],
    ] as const) {
      const answer = await api(path, buyer.cookie, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const promoAnswer = await api("/api/verify-promo-code", buyer.cookie);
    expect(await promoAnswer.json()).toEqual({ success: false, message: "Error verifying promo code" });
    const anonymous = await request("/api/book-slot/create-order", {
      method: "POST",
      body: JSON.stringify(purchase(world.slot.id, ["A"])),
      headers: { "Content-Type": "application/json" },
    });
    expect(anonymous.status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM orders")).toBe(before);
    const available = await api(`/api/post/check-slot-available-to-book/${world.slot.id}`, buyer.cookie, {
      numberOfPlayers: 2,
    });
    expect(await available.json()).toEqual({ success: true, available: true, seatsLeft: 2, slotId: world.slot.id });
  });
});
