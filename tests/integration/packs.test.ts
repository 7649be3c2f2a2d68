import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelBooking, claimNoShowRefund, placeOrder, refundStreamerNoShows } from "~/features/booking/index.server";
import { buyPack, expirePacks, fanPacks, setPackOffer } from "~/features/packs/index.server";
import { walletBalance } from "~/features/wallet/index.server";
import { getDb } from "~/platform/db.server";
import { createSlot, creditWallet, viewerOf } from "../factories";
import { bookingWorld, fan } from "./booking-world";

const DAY = 86_400_000;

async function rows<T>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** The pack's balance as the sum of its ledger entries (never a counter). */
async function ledger(packId: string) {
  const [row] = await rows<{ credits: number; value: number }>(
    "SELECT coalesce(sum(credits), 0) AS credits, coalesce(sum(value_minor), 0) AS value FROM pack_credit_entries WHERE pack_id = ?",
    packId,
  );
  return row ?? { credits: 0, value: 0 };
}

/** A streamer's gig with a 3-session pack at 25 USD (singles at 10), a fan holding 100 USD, and the fan's pack. */
async function packWorld(options: { sessions?: number; packPrice?: number; now?: Date; slots?: number } = {}) {
  const now = options.now ?? new Date();
  const world = await bookingWorld({ priceMinor: 1000, startsInMs: 3 * DAY, seats: 4 });
  const streamer = viewerOf(world.streamer);
  await setPackOffer(env, streamer, world.gig.id, {
    sessions: options.sessions ?? 3,
    price: options.packPrice ?? 25,
    validDays: 90,
    active: true,
  });
  const buyer = await fan();
  await creditWallet(env.DB, buyer.user.id, 10_000);
  const viewer = viewerOf(buyer.user);
  const pack = await buyPack(env, viewer, world.gig.id, { paymentMethod: "wallet" }, { now });
  const slots = [world.slot.id];
  for (let i = 1; i < (options.slots ?? 1); i++) {
    slots.push((await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(Date.now() + (3 + i) * DAY))).id);
  }
  return { ...world, viewer, buyer, pack, slots };
}

const bookWithCredit = (env_: Env, viewer: ReturnType<typeof viewerOf>, slotId: string, now?: Date) =>
  placeOrder(
    env_,
    viewer,
    { slotId, numberOfPlayers: 1, multipleGamerTags: ["Tag"], promoCode: undefined, paymentMethod: "credit" },
    "http://localhost",
    now,
  );

describe("session packs", () => {
  it("buys a pack from the wallet: one debit, one purchase entry, the balance the sum of the entries", async () => {
    const { pack, buyer, gig } = await packWorld();
    expect(pack).toMatchObject({ status: "paid", amountMinor: 2500, currency: "USD", sessions: 3 });
    expect(await walletBalance(getDb(env), buyer.user.id, "USD")).toBe(7_500);
    expect(await ledger(pack.packId)).toEqual({ credits: 3, value: 2500 });
    const [mine] = await fanPacks(env, viewerOf(buyer.user));
    expect(mine).toMatchObject({ gigId: gig.id, creditsLeft: 3, sessions: 3 });
  });

  it("refuses a pack the wallet cannot cover, writing nothing", async () => {
    const world = await bookingWorld({ priceMinor: 1000 });
    await setPackOffer(env, viewerOf(world.streamer), world.gig.id, {
      sessions: 2,
      price: 15,
      validDays: 30,
      active: true,
    });
    const poor = await fan();
    await creditWallet(env.DB, poor.user.id, 1_000);
    await expect(buyPack(env, viewerOf(poor.user), world.gig.id, { paymentMethod: "wallet" })).rejects.toMatchObject({
      status: 409,
    });
    expect(await rows("SELECT id FROM pack_purchases WHERE user_id = ?", poor.user.id)).toHaveLength(0);
    expect(await walletBalance(getDb(env), poor.user.id, "USD")).toBe(1_000);
  });

  it("refuses a pack dearer than its sessions one by one", async () => {
    const world = await bookingWorld({ priceMinor: 1000 });
    await expect(
      setPackOffer(env, viewerOf(world.streamer), world.gig.id, {
        sessions: 2,
        price: 21,
        validDays: 30,
        active: true,
      }),
    ).rejects.toMatchObject({ status: 400, field: "price" });
  });

  it("books with credits worth what is left over the credits left, the last taking the rest", async () => {
    const { viewer, pack, slots } = await packWorld({ slots: 3, packPrice: 25 });
    const amounts: number[] = [];
    for (const slotId of slots) amounts.push((await bookWithCredit(env, viewer, slotId)).amountMinor);
    // 2500 over 3: 834, then 1666 over 2: 833, then 833.
    expect(amounts).toEqual([834, 833, 833]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(2500);
    expect(await ledger(pack.packId)).toEqual({ credits: 0, value: 0 });
    await expect(bookWithCredit(env, viewer, slots[0] ?? "")).rejects.toMatchObject({ status: 409 });
  });

  it("gives one booking when two race for the last credit", async () => {
    const { viewer, pack, slots } = await packWorld({ sessions: 2, packPrice: 18, slots: 3 });
    await bookWithCredit(env, viewer, slots[0] ?? "");
    const results = await Promise.allSettled([
      bookWithCredit(env, viewer, slots[1] ?? ""),
      bookWithCredit(env, viewer, slots[2] ?? ""),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" ? refused.reason : null).toMatchObject({ status: 409 });
    expect(await ledger(pack.packId)).toEqual({ credits: 0, value: 0 });
    const booked = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM bookings WHERE user_id = ? AND status = 'confirmed'",
      viewer.id,
    );
    expect(booked[0]?.n).toBe(2);
  });

  it("returns the credit when the fan cancels in a refunded tier, and the order earns nothing", async () => {
    const { viewer, pack, slots, buyer } = await packWorld();
    const placed = await bookWithCredit(env, viewer, slots[0] ?? "");
    expect(await ledger(pack.packId)).toEqual({ credits: 2, value: 1666 });
    const outcome = await cancelBooking(env, viewer, placed.bookingId);
    expect(outcome.refundedMinor).toBe(834);
    expect(await ledger(pack.packId)).toEqual({ credits: 3, value: 2500 });
    // The refund became the credit's return: the wallet is untouched, the order wholly refunded (net 0).
    expect(await walletBalance(getDb(env), buyer.user.id, "USD")).toBe(7_500);
    const [order] = await rows<{ status: string; refunded_minor: number }>(
      "SELECT status, refunded_minor FROM orders WHERE id = ?",
      placed.orderId,
    );
    expect(order).toEqual({ status: "refunded", refunded_minor: 834 });
  });

  it("gives the credit back once when the fan's no-show claim races the no-show sweep", async () => {
    const startsAt = new Date(Date.now() - 61 * 60_000);
    const bought = new Date(startsAt.getTime() - 4 * DAY);
    const world = await packWorld({ now: bought });
    const slot = await createSlot(env.DB, world.streamer.id, world.gig.id, startsAt);
    const placed = await bookWithCredit(env, world.viewer, slot.id, new Date(startsAt.getTime() - 3 * DAY));
    expect(await ledger(world.pack.packId)).toMatchObject({ credits: 2 });
    await Promise.allSettled([
      claimNoShowRefund(env, world.viewer, placed.bookingId),
      refundStreamerNoShows(env),
      claimNoShowRefund(env, world.viewer, placed.bookingId),
    ]);
    const returns = await rows(
      "SELECT id FROM pack_credit_entries WHERE order_id = ? AND kind = 'return'",
      placed.orderId,
    );
    expect(returns).toHaveLength(1);
    expect(await ledger(world.pack.packId)).toEqual({ credits: 3, value: 2500 });
    expect(await walletBalance(getDb(env), world.buyer.user.id, "USD")).toBe(7_500);
  });

  it("refunds the unused credits pro rata to the wallet at expiry, once", async () => {
    const bought = new Date(Date.now() - 91 * DAY);
    const { viewer, pack, buyer, streamer, gig } = await packWorld({ now: bought });
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(bought.getTime() + 2 * DAY));
    await bookWithCredit(env, viewer, slot.id, bought);
    expect(await ledger(pack.packId)).toEqual({ credits: 2, value: 1666 });
    const [first, second] = await Promise.all([expirePacks(env), expirePacks(env)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await ledger(pack.packId)).toEqual({ credits: 0, value: 0 });
    expect(await walletBalance(getDb(env), buyer.user.id, "USD")).toBe(7_500 + 1666);
    expect(await expirePacks(env)).toBe(0);
    const refunds = await rows("SELECT id FROM wallet_entries WHERE pack_id = ? AND kind = 'pack_refund'", pack.packId);
    expect(refunds).toHaveLength(1);
    await expect(bookWithCredit(env, viewer, slot.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe("the gig page's pack (no JavaScript)", () => {
  it("shows the pack with its saving, buys it by a plain form, then offers the credit to book with", async () => {
    const { request } = await import("./app");
    const world = await bookingWorld({ priceMinor: 1000 });
    await setPackOffer(env, viewerOf(world.streamer), world.gig.id, {
      sessions: 3,
      price: 25,
      validDays: 90,
      active: true,
    });
    const buyer = await fan();
    await creditWallet(env.DB, buyer.user.id, 10_000);
    const page = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(page).toContain("for 3 sessions");
    expect(page).toContain("Save $5 (16%) against single sessions");
    const bought = await request(`/gig/${world.gig.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy-pack", paymentMethod: "wallet" }),
      headers: { Cookie: buyer.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(bought.status).toBe(302);
    const after = await (await request(`/gig/${world.gig.id}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(after).toContain("You hold 3 pack credits for this gig");
    expect(after).toContain('value="credit"');
    const booked = await request(`/gig/${world.gig.id}`, {
      method: "POST",
      body: new URLSearchParams({
        slotId: world.slot.id,
        numberOfPlayers: "1",
        "multipleGamerTags[0]": "Tag",
        paymentMethod: "credit",
      }),
      headers: { Cookie: buyer.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(booked.status).toBe(303);
    expect(booked.headers.get("Location")).toMatch(/^\/checkout\/success\?order=/);
  });
});
