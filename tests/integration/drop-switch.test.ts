import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { BOOKING_COPY } from "~/features/booking/copy";
import { placeOrder } from "~/features/booking/purchase.server";
import { HIGH_DEMAND, SEAT_COPY } from "~/features/seats";
import { slotInHighDemand } from "~/features/seats/index.server";
import { SLOT_COPY } from "~/features/slots";
import { setSlotDrop } from "~/features/slots/index.server";
import { getDb } from "~/platform/db.server";
import { BOT_CHECK_FAILED } from "~/platform/turnstile/turnstile.server";
import { createBooking, createGig, createSlot, createUser, viewerOf } from "~tests/factories";
import { botCheckToken, postForm, request } from "./app";
import { api, bookingWorld, fan, purchase } from "./booking-world";
import { streamerWithGame } from "./streamer-world";
import { toastOf } from "./toast";

/**
 * The drop switch (docs/decisions/042): a slot its streamer marks as a drop is in high demand from its first booking
 * (the bot check on booking and waitlist joins, one unpaid hold per account), by the one rule of seats/demand.ts; any
 * other slot stays unchecked until one of its signals (docs/decisions/033).
 */
const viewerFor = async () => viewerOf(await createUser(env.DB)) as Viewer;

/** A 50-seat slot, marked a drop by its streamer through the use case the calendar's form calls. */
async function markedDrop() {
  const world = await bookingWorld({ seats: 50, priceMinor: 1000 });
  await setSlotDrop(env, viewerOf(world.streamer) as Viewer, world.slot.id, true);
  return world;
}

const cardDraft = (slotId: string, token?: string) => ({
  slotId,
  numberOfPlayers: 1,
  multipleGamerTags: ["DropFan"],
  promoCode: undefined,
  paymentMethod: "card" as const,
  "cf-turnstile-response": token,
});

async function bookingsOf(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("a slot marked as a drop", () => {
  it("is in high demand from its first booking: without a token it is refused, with the stand-in's pass token it books", async () => {
    const world = await markedDrop();
    expect(await slotInHighDemand(getDb(env), world.slot.id)).toBe(true);
    const buyer = await fan();
    // The first seat of the drop, nobody has booked yet: no token, another form's token, a forged one.
    for (const token of [undefined, botCheckToken("waitlist"), "turnstile-stand-in.forged"]) {
      const refused = await api(
        "/api/book-slot/create-order",
        buyer.cookie,
        purchase(world.slot.id, ["First"], { "cf-turnstile-response": token }),
      );
      expect(refused.status, String(token)).toBe(403);
      expect(await refused.json()).toMatchObject({ success: false, message: BOT_CHECK_FAILED, reason: "turnstile" });
    }
    expect(await bookingsOf(buyer.user.id)).toBe(0);
    const booked = await api(
      "/api/book-slot/create-order",
      buyer.cookie,
      purchase(world.slot.id, ["First"], { "cf-turnstile-response": botCheckToken("book") }),
    );
    expect(booked.status).toBe(200);
    expect(await bookingsOf(buyer.user.id)).toBe(1);
  });

  it("the use case refuses the first seat without a token too, and a waitlist join asks the check", async () => {
    const world = await markedDrop();
    const buyer = await viewerFor();
    await expect(placeOrder(env, buyer, cardDraft(world.slot.id), "http://localhost")).rejects.toMatchObject({
      status: 403,
      message: BOT_CHECK_FAILED,
    });
    const held = await placeOrder(env, buyer, cardDraft(world.slot.id, botCheckToken("book")), "http://localhost");
    expect(held.status).toBe("pending_payment");

    // A 2-seat drop, full: too small for "nearly gone" and no rush, yet its waitlist asks the check.
    const small = await bookingWorld({ seats: 2, priceMinor: 1000 });
    const slot = { id: small.slot.id, influencerId: small.streamer.id };
    for (let i = 0; i < 2; i++) await createBooking(env.DB, slot, (await createUser(env.DB)).id, "confirmed");
    expect(await slotInHighDemand(getDb(env), slot.id)).toBe(false);
    await setSlotDrop(env, viewerOf(small.streamer) as Viewer, slot.id, true);
    const joiner = await fan();
    const join = (fields: Record<string, string>) =>
      postForm(
        `/gig/${small.gig.id}`,
        { intent: "join-waitlist", slotId: slot.id, seats: "1", ...fields },
        { Cookie: joiner.cookie },
      );
    expect(await toastOf(await join({}))).toEqual({ kind: "error", message: BOT_CHECK_FAILED });
    const joined = await join({ "cf-turnstile-response": botCheckToken("waitlist") });
    expect((await toastOf(joined))?.kind).toBe("success");
  });

  it("lets an account hold one unpaid seat at a time from the first seat; another account still holds", async () => {
    const world = await markedDrop();
    const scalper = await viewerFor();
    const first = await placeOrder(env, scalper, cardDraft(world.slot.id, botCheckToken("book")), "http://localhost");
    expect(first.status).toBe("pending_payment");
    await expect(
      placeOrder(env, scalper, cardDraft(world.slot.id, botCheckToken("book")), "http://localhost"),
    ).rejects.toMatchObject({ status: 409, message: BOOKING_COPY.oneHoldInDemand });
    expect(await bookingsOf(scalper.id)).toBe(1);
    const other = await viewerFor();
    const theirs = await placeOrder(env, other, cardDraft(world.slot.id, botCheckToken("book")), "http://localhost");
    expect(theirs.status).toBe("pending_payment");
  });

  it("the gig page tells fans it is a drop (signed out too) and a signed-in fan's forms carry the check", async () => {
    const world = await markedDrop();
    const quiet = await createSlot(
      env.DB,
      world.streamer.id,
      world.gig.id,
      new Date(world.startsAt.getTime() + 86_400_000),
      { seats: 50 },
    );
    const signedOut = await (await request(`/gig/${world.gig.id}`)).text();
    const line = (html: string, slotId: string) =>
      new RegExp(`data-slot="${slotId}"[\\s\\S]*?</li>`).exec(html)?.[0].includes(SEAT_COPY.dropLine);
    expect(line(signedOut, world.slot.id)).toBe(true);
    expect(line(signedOut, quiet.id)).toBe(false);
    const buyer = await fan();
    const page = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(page).toContain('name="cf-turnstile-response"');
  });
});

describe("a slot not marked as a drop", () => {
  it("stays unchecked until a signal: its first seats book without a token, the rush then asks the check", async () => {
    const world = await bookingWorld({ seats: 50, priceMinor: 1000 });
    const slot = { id: world.slot.id, influencerId: world.streamer.id };
    const first = await fan();
    const quiet = await api("/api/book-slot/create-order", first.cookie, purchase(world.slot.id, ["Quiet"]));
    expect(quiet.status).toBe(200);
    // A second unpaid checkout by the same account is still allowed on a quiet slot.
    const again = await placeOrder(env, viewerOf(first.user) as Viewer, cardDraft(world.slot.id), "http://localhost");
    expect(again.status).toBe("pending_payment");
    // Up to the rush: the seats the two holds took and confirmed ones by others.
    for (let i = 2; i < HIGH_DEMAND.rushSeats; i++) {
      await createBooking(env.DB, slot, (await createUser(env.DB)).id, "confirmed");
    }
    expect(await slotInHighDemand(getDb(env), world.slot.id)).toBe(true);
    const late = await fan();
    const refused = await api("/api/book-slot/create-order", late.cookie, purchase(world.slot.id, ["Late"]));
    expect(refused.status).toBe(403);
  });
});

describe("the streamer's drop switch", () => {
  it("is on the calendar's forms without JavaScript: new times as a drop, and one slot switched on and off", async () => {
    const { streamer, cookie, game } = await streamerWithGame({ timeZone: "UTC" });
    const world = await bookingWorld({ seats: 50 });
    const gig = await createGig(env.DB, streamer.id, game, { title: "Drop gig", sessionMinutes: 60 });
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const added = await postForm(
      "/influencer/calendar-dashboard",
      {
        intent: "add",
        productId: gig.id,
        date,
        startTime: "18:00",
        timeZone: "UTC",
        seats: "50",
        repeatWeeks: "1",
        drop: "on",
      },
      { Cookie: cookie },
    );
    expect(added.status).toBe(302);
    const rows = await env.DB.prepare("SELECT id, is_drop AS isDrop FROM slots WHERE product_id = ? ORDER BY starts_at")
      .bind(gig.id)
      .all<{ id: string; isDrop: number }>();
    expect(rows.results.map((row) => row.isDrop)).toEqual([1, 1]);
    const [slotId] = rows.results.map((row) => row.id);
    expect(await slotInHighDemand(getDb(env), slotId ?? "")).toBe(true);

    // The agenda shows the switch; turning it off puts the slot back on its signals.
    const calendar = await (await request("/influencer/calendar-dashboard", { headers: { Cookie: cookie } })).text();
    expect(calendar).toContain("Stop the drop");
    const off = await postForm(
      "/influencer/calendar-dashboard",
      { intent: "drop", slotId: slotId ?? "", drop: "off" },
      { Cookie: cookie },
    );
    expect(await toastOf(off)).toEqual({ kind: "success", message: SLOT_COPY.dropOff });
    expect(await slotInHighDemand(getDb(env), slotId ?? "")).toBe(false);
    const on = await postForm(
      "/influencer/calendar-dashboard",
      { intent: "drop", slotId: slotId ?? "", drop: "on" },
      { Cookie: cookie },
    );
    expect(await toastOf(on)).toEqual({ kind: "success", message: SLOT_COPY.dropOn });
    expect(await slotInHighDemand(getDb(env), slotId ?? "")).toBe(true);

    // Without the box, the new times are not drops.
    const plainDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await postForm(
      "/influencer/calendar-dashboard",
      { intent: "add", productId: gig.id, date: plainDate, startTime: "18:00", timeZone: "UTC", repeatWeeks: "0" },
      { Cookie: cookie },
    );
    const plain = await env.DB.prepare("SELECT is_drop AS isDrop FROM slots WHERE product_id = ? ORDER BY starts_at")
      .bind(gig.id)
      .all<{ isDrop: number }>();
    expect(plain.results.map((row) => row.isDrop)).toEqual([1, 1, 0]);

    // Another streamer's slot is not theirs to switch.
    const notTheirs = await postForm(
      "/influencer/calendar-dashboard",
      { intent: "drop", slotId: world.slot.id, drop: "on" },
      { Cookie: cookie },
    );
    expect(notTheirs.status).toBe(403);
    expect(await slotInHighDemand(getDb(env), world.slot.id)).toBe(false);
  });

  it("no longer changes once the slot has started", async () => {
    const world = await bookingWorld({ seats: 50, startsInMs: -60_000 });
    await expect(setSlotDrop(env, viewerOf(world.streamer) as Viewer, world.slot.id, true)).rejects.toMatchObject({
      status: 409,
      message: SLOT_COPY.dropPlayed,
    });
  });
});
