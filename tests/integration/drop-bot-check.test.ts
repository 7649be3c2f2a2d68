import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { BOOKING_COPY } from "~/features/booking/copy";
import { placeOrder } from "~/features/booking/purchase.server";
import { HIGH_DEMAND } from "~/features/seats";
import { slotInHighDemand } from "~/features/seats/index.server";
import { getDb } from "~/platform/db.server";
import { BOT_CHECK_FAILED } from "~/platform/turnstile/turnstile.server";
import { createBooking, createSlot, createUser, creditWallet, viewerOf } from "~tests/factories";
import { botCheckToken, request } from "./app";
import { api, bookingWorld, fan, purchase } from "./booking-world";
import { toastOf } from "./toast";

/**
 * Booking and waitlist joins of a slot in high demand need the bot check (docs/decisions/033), on the gig page's
 * forms (plain POSTs: JavaScript off) and the JSON calls; and in high demand an account holds one unpaid checkout
 * of a slot, decided by the hold's own write.
 */
const tokenIn = (html: string, form: string) =>
  new RegExp(`<form[^>]*id="${form}"[\\s\\S]*?name="cf-turnstile-response" value="([^"]+)"`).exec(html)?.[1] ?? null;

/** A slot of `seats` seats whose first `rush` seats were booked just now (a drop's first minutes). */
async function dropSlot(seats = 50, rush: number = HIGH_DEMAND.rushSeats) {
  const world = await bookingWorld({ seats, priceMinor: 1000 });
  const slot = { id: world.slot.id, influencerId: world.streamer.id };
  for (let i = 0; i < rush; i++) await createBooking(env.DB, slot, (await createUser(env.DB)).id, "confirmed");
  return world;
}

const cardDraft = (slotId: string, token?: string) => ({
  slotId,
  numberOfPlayers: 1,
  multipleGamerTags: ["Drop"],
  promoCode: undefined,
  paymentMethod: "card" as const,
  "cf-turnstile-response": token,
});

async function ordersOf(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("high demand", () => {
  it("is a rush of recent bookings, a long waitlist, or a large slot nearly full; a quiet slot is none of them", async () => {
    const db = getDb(env);
    const quiet = await bookingWorld({ seats: 50 });
    expect(await slotInHighDemand(db, quiet.slot.id)).toBe(false);
    const rush = await dropSlot(50, HIGH_DEMAND.rushSeats);
    expect(await slotInHighDemand(db, rush.slot.id)).toBe(true);
    // One seat fewer is no rush; and a rush ends after its minutes.
    expect(await slotInHighDemand(db, (await dropSlot(50, HIGH_DEMAND.rushSeats - 1)).slot.id)).toBe(false);
    const later = new Date(Date.now() + (HIGH_DEMAND.rushMinutes + 1) * 60_000);
    expect(await slotInHighDemand(db, rush.slot.id, later)).toBe(false);
    // Nearly gone: 20 seats, 16 taken, still so after the rush's minutes; 15 taken is not.
    const large = await dropSlot(20, 16);
    expect(await slotInHighDemand(db, large.slot.id, later)).toBe(true);
    expect(await slotInHighDemand(db, (await dropSlot(20, 15)).slot.id, later)).toBe(false);
    // A line of fans waiting.
    const small = await dropSlot(2, 2);
    const slot = { id: small.slot.id, influencerId: small.streamer.id };
    expect(await slotInHighDemand(db, slot.id)).toBe(false);
    for (let i = 0; i < HIGH_DEMAND.waiting; i++) {
      const user = await createUser(env.DB);
      await env.DB.prepare(
        "INSERT INTO waitlist_entries (id, slot_id, user_id, position, seats, status, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 'waiting', ?, ?)",
      )
        .bind(`wl_${slot.id}_${i}`, slot.id, user.id, i + 1, Date.now(), Date.now())
        .run();
    }
    expect(await slotInHighDemand(db, slot.id)).toBe(true);
  });
});

describe("the bot check on booking a slot in high demand", () => {
  it("a quiet slot books without a token", async () => {
    const world = await bookingWorld({ seats: 50 });
    const buyer = await fan();
    expect((await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Quiet"]))).status).toBe(
      200,
    );
  });

  it("the JSON calls: no token, another form's, a forged one or a spent one are 403 and write nothing; a good one books", async () => {
    const world = await dropSlot();
    const buyer = await fan();
    await creditWallet(env.DB, buyer.user.id, 1_000_000);
    const spent = botCheckToken("book");
    expect(
      (await api("/api/create/order", buyer.cookie, purchase(world.slot.id, ["A"], { "cf-turnstile-response": spent })))
        .status,
    ).toBe(200);
    for (const token of [undefined, botCheckToken("waitlist"), "turnstile-stand-in.forged", spent]) {
      for (const path of ["/api/book-slot/create-order", "/api/create/order", "/api/create-checkout-session"]) {
        const refused = await api(
          path,
          buyer.cookie,
          purchase(world.slot.id, ["B"], { "cf-turnstile-response": token }),
        );
        expect(refused.status, `${path} ${token}`).toBe(403);
        expect(await refused.json()).toMatchObject({ success: false, message: BOT_CHECK_FAILED, reason: "turnstile" });
      }
    }
    expect(await ordersOf(buyer.user.id)).toBe(1);
    const card = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(world.slot.id, ["C"], { "cf-turnstile-response": botCheckToken("book") }),
    );
    expect(card.status).toBe(200);
    const checkout = await api(
      "/api/create-checkout-session",
      buyer.cookie,
      purchase(world.slot.id, ["D"], { "cf-turnstile-response": botCheckToken("book") }),
    );
    // The same account's second unpaid checkout of the slot in high demand: refused by the one-hold rule, not the check.
    expect(checkout.status).toBe(409);
    expect(await checkout.json()).toMatchObject({ message: BOOKING_COPY.oneHoldInDemand });
    expect(await ordersOf(buyer.user.id)).toBe(2);
  });

  it("the gig page's booking form carries the check while a time is in high demand, and works without JavaScript", async () => {
    const world = await dropSlot();
    const buyer = await fan();
    const page = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    const token = tokenIn(page, "booking");
    expect(token).toMatch(/^turnstile-stand-in\./);
    const form = {
      slotId: world.slot.id,
      numberOfPlayers: "1",
      "multipleGamerTags[0]": "PageFan",
      paymentMethod: "card",
    };
    const post = (fields: Record<string, string>) =>
      request(`/gig/${world.gig.id}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: buyer.cookie },
      });
    const refused = await post(form);
    expect(refused.status).toBe(403);
    const again = await refused.text();
    expect(again).toContain(BOT_CHECK_FAILED);
    // The refused form comes back with a fresh check of its own.
    expect(tokenIn(again, "booking")).toMatch(/^turnstile-stand-in\./);
    expect(await ordersOf(buyer.user.id)).toBe(0);
    const booked = await post({ ...form, "cf-turnstile-response": token ?? "" });
    expect(booked.status).toBe(303);
    expect(await ordersOf(buyer.user.id)).toBe(1);
    // A gig with more times than one statement reads (D1 binds at most 100 values): still a page, still checked.
    for (let day = 4; day < 20; day++) {
      await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(Date.now() + day * 86_400_000), { seats: 2 });
    }
    const many = await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } });
    expect(many.status).toBe(200);
    expect(tokenIn(await many.text(), "booking")).toMatch(/^turnstile-stand-in\./);
    // A quiet gig's page draws no check.
    const quiet = await bookingWorld({ seats: 50 });
    const quietPage = await (await request(`/gig/${quiet.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(quietPage).not.toContain("cf-turnstile-response");
  });
});

describe("the bot check on joining the waitlist of a slot in high demand", () => {
  it("the gig page's waitlist form: refused without a token (nothing written), joined with the page's token", async () => {
    // 20 seats, all taken: full, and nearly gone.
    const world = await dropSlot(20, 20);
    const joiner = await fan();
    const page = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: joiner.cookie } })).text();
    const token = tokenIn(page, "gig-waitlist");
    expect(token).toMatch(/^turnstile-stand-in\./);
    const join = (fields: Record<string, string>) =>
      request(`/gig/${world.gig.id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "join-waitlist", slotId: world.slot.id, seats: "1", ...fields }),
        headers: { Cookie: joiner.cookie },
      });
    const places = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM waitlist_entries WHERE user_id = ?")
          .bind(joiner.user.id)
          .first<{ n: number }>()
      )?.n;
    const refused = await join({ "cf-turnstile-response": botCheckToken("book") });
    expect(await toastOf(refused)).toEqual({ kind: "error", message: BOT_CHECK_FAILED });
    expect(await places()).toBe(0);
    const joined = await join({ "cf-turnstile-response": token ?? "" });
    expect((await toastOf(joined))?.kind).toBe("success");
    expect(await places()).toBe(1);
  });
});

describe("one unpaid checkout per account of a slot in high demand", () => {
  const viewerFor = async () => viewerOf(await createUser(env.DB)) as Viewer;

  it("concurrent holds by one account give one; the others are told why (409); nothing else is written", async () => {
    const world = await dropSlot();
    const scalper = await viewerFor();
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        placeOrder(env, scalper, cardDraft(world.slot.id, botCheckToken("book")), "http://localhost"),
      ),
    );
    const held = attempts.filter((attempt) => attempt.status === "fulfilled");
    expect(held).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === "rejected") {
        expect(attempt.reason).toMatchObject({ status: 409, message: BOOKING_COPY.oneHoldInDemand });
      }
    }
    const rows = await env.DB.prepare("SELECT status FROM bookings WHERE user_id = ? AND slot_id = ?")
      .bind(scalper.id, world.slot.id)
      .all<{ status: string }>();
    expect(rows.results).toEqual([{ status: "held" }]);
    expect(await ordersOf(scalper.id)).toBe(1);
    // Once the hold has run out, the account may hold again.
    const later = new Date(Date.now() + 11 * 60_000);
    const next = await placeOrder(
      env,
      scalper,
      cardDraft(world.slot.id, botCheckToken("book")),
      "http://localhost",
      later,
    );
    expect(next.status).toBe("pending_payment");
  });

  it("a quiet slot keeps letting a fan open a second checkout (the rule is for high demand)", async () => {
    const world = await bookingWorld({ seats: 50 });
    const buyer = await viewerFor();
    await placeOrder(env, buyer, cardDraft(world.slot.id), "http://localhost");
    const second = await placeOrder(env, buyer, cardDraft(world.slot.id), "http://localhost");
    expect(second.status).toBe("pending_payment");
  });
});
