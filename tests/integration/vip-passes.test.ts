import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendLiveCommand } from "~/features/live/coordinator.server";
import { placeOf } from "~/features/live/reads.server";
import { joinVipWithPass } from "~/features/live/vip-pass.server";
import { buyPassWithWallet, expirePasses, fanPasses, setPassOffer } from "~/features/passes/index.server";
import { walletBalance } from "~/features/wallet/index.server";
import { getDb } from "~/platform/db.server";
import { eventually } from "~tests/support/eventually";
import { viewerOf } from "../factories";
import { get, liveFan, liveWorld, post } from "./live-world";

const DAY = 86_400_000;

/** The pass's balance as the sum of its ledger entries (never a counter). */
async function ledger(passId: string) {
  const row = await env.DB.prepare(
    "SELECT coalesce(sum(uses), 0) AS uses, coalesce(sum(value_minor), 0) AS value FROM pass_entries WHERE pass_id = ?",
  )
    .bind(passId)
    .first<{ uses: number; value: number }>();
  return row ?? { uses: 0, value: 0 };
}

async function entries(passId: string, kind: string) {
  const { results } = await env.DB.prepare("SELECT order_id FROM pass_entries WHERE pass_id = ? AND kind = ?")
    .bind(passId, kind)
    .all<{ order_id: string | null }>();
  return results;
}

/** A live streamer offering a pass of `places` VIP places at 20 USD, and a fan holding 50 USD who bought it. */
async function passWorld(places = 3, now = new Date()) {
  const world = await liveWorld({ priceMinor: 700 });
  await setPassOffer(env, viewerOf(world.streamer), { places, price: 20, validDays: 30, active: true });
  const fan = await liveFan(5_000);
  const pass = await buyPassWithWallet(env, viewerOf(fan.user), world.streamer.id, now);
  return { ...world, fan, pass };
}

function joinWithPass(world: Awaited<ReturnType<typeof passWorld>>, liveSessionId = world.liveSessionId) {
  return post("/api/join_vip", world.fan.cookie, {
    liveSessionId,
    acceptTerms: true,
    paymentMethod: "pass",
    gamertag: "pass-tag",
  });
}

async function orderOf(userId: string, liveSessionId: string) {
  return env.DB.prepare(
    "SELECT id, status, amount_minor, refunded_minor, currency FROM orders WHERE user_id = ? AND live_session_id = ?",
  )
    .bind(userId, liveSessionId)
    .first<{ id: string; status: string; amount_minor: number; refunded_minor: number; currency: string }>();
}

describe("VIP passes", () => {
  it("buys a pass from the wallet: one debit, one purchase entry, the balance the sum of the entries", async () => {
    const { fan, pass, streamer } = await passWorld();
    expect(pass).toMatchObject({ amountMinor: 2000, currency: "USD", places: 3 });
    expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(3_000);
    expect(await ledger(pass.passId)).toEqual({ uses: 3, value: 2000 });
    const [mine] = await fanPasses(env, viewerOf(fan.user));
    expect(mine).toMatchObject({ streamerId: streamer.id, usesLeft: 3, places: 3 });
  });

  it("refuses a pass the wallet cannot cover, writing nothing", async () => {
    const world = await liveWorld();
    await setPassOffer(env, viewerOf(world.streamer), { places: 2, price: 20, validDays: 30, active: true });
    const poor = await liveFan(1_000);
    await expect(buyPassWithWallet(env, viewerOf(poor.user), world.streamer.id)).rejects.toMatchObject({ status: 409 });
    expect(await walletBalance(getDb(env), poor.user.id, "USD")).toBe(1_000);
    expect(await fanPasses(env, viewerOf(poor.user))).toEqual([]);
  });

  it("joins VIP with a pass: no payment, one use taken, the order worth the use; served, the use stays spent", async () => {
    const world = await passWorld();
    expect((await joinWithPass(world)).status).toBe(200);
    expect(await walletBalance(getDb(env), world.fan.user.id, "USD")).toBe(3_000);
    // 2000 over 3 places, rounded up: 667; the last places take what is left.
    expect(await ledger(world.pass.passId)).toEqual({ uses: 2, value: 1333 });
    const order = await orderOf(world.fan.user.id, world.liveSessionId);
    expect(order).toMatchObject({ status: "paid", amount_minor: 667, currency: "USD" });
    const entryId = (await placeOf(env, world.liveSessionId, world.fan.user.id))?.place?.entryId ?? "";
    const streamer = viewerOf(world.streamer);
    await sendLiveCommand(env, world.liveSessionId, { type: "serve", viewer: streamer, entryId, to: "in_game" });
    await sendLiveCommand(env, world.liveSessionId, { type: "serve", viewer: streamer, entryId, to: "done" });
    expect(await ledger(world.pass.passId)).toEqual({ uses: 2, value: 1333 });
    expect(await orderOf(world.fan.user.id, world.liveSessionId)).toMatchObject({ status: "paid", refunded_minor: 0 });
  });

  it("refuses a join with no pass place left, with no order and no place", async () => {
    const world = await liveWorld();
    const fan = await liveFan();
    const answer = await post("/api/join_vip", fan.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "pass",
      gamertag: "tag",
    });
    expect(answer.status).toBe(409);
    expect(await orderOf(fan.user.id, world.liveSessionId)).toBeNull();
  });

  it("two joins racing for the last use give one place, and the loser spends nothing", async () => {
    const world = await passWorld(1);
    const viewer = viewerOf(world.fan.user);
    // Straight to the use case, past the session's object that would otherwise run them one after the other.
    const results = await Promise.allSettled([
      joinVipWithPass(env, viewer, world.liveSessionId, "tag-a"),
      joinVipWithPass(env, viewer, world.liveSessionId, "tag-b"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await ledger(world.pass.passId)).toEqual({ uses: 0, value: 0 });
    expect(await entries(world.pass.passId, "use")).toHaveLength(1);
    const { results: orders } = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ? AND kind = 'vip_queue'")
      .bind(world.fan.user.id)
      .all();
    expect(orders).toHaveLength(1);
    // The place given up (left: no return), a further join finds no use left.
    const entryId = (await placeOf(env, world.liveSessionId, world.fan.user.id))?.place?.entryId ?? "";
    await sendLiveCommand(env, world.liveSessionId, { type: "leave", viewer, entryId });
    await expect(joinVipWithPass(env, viewer, world.liveSessionId, "tag-c")).rejects.toMatchObject({
      status: 409,
      message: "You have no VIP pass place left for this streamer",
    });
  });

  it("End Session gives an unserved place's use back, once, and no money", async () => {
    const world = await passWorld();
    expect((await joinWithPass(world)).status).toBe(200);
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    // Ending again (and any retry of the owed refund) returns nothing more.
    await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {});
    expect(await ledger(world.pass.passId)).toEqual({ uses: 3, value: 2000 });
    expect(await entries(world.pass.passId, "return")).toHaveLength(1);
    const order = await orderOf(world.fan.user.id, world.liveSessionId);
    expect(order).toMatchObject({ status: "refunded", refunded_minor: 667 });
    expect(await walletBalance(getDb(env), world.fan.user.id, "USD")).toBe(3_000);
    const refund = await env.DB.prepare("SELECT status FROM refunds WHERE order_id = ?")
      .bind(order?.id)
      .first<{ status: string }>();
    expect(refund?.status).toBe("succeeded");
    // The fan is told the pass's place came back, not money.
    const told = await eventually(async () => {
      const rows = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
        .bind(world.fan.user.id)
        .all<{ title: string }>();
      return rows.results.find((row) => row.title.includes("VIP place not served"));
    });
    expect(told.title).toContain("your VIP pass place is back");
    // And the ended session's page says so too, with no refund to the wallet.
    const html = await (await get(`/live/${world.liveSessionId}`, world.fan.cookie)).text();
    expect(html).toContain("The streamer did not reach your VIP place: your VIP pass place is back.");
    expect(html).not.toContain("is refunded to your");
  });

  it("a streamer's removal gives the use back; the fan can join again with it", async () => {
    const world = await passWorld(1);
    expect((await joinWithPass(world)).status).toBe(200);
    const entryId = (await placeOf(env, world.liveSessionId, world.fan.user.id))?.place?.entryId ?? "";
    await sendLiveCommand(env, world.liveSessionId, { type: "remove", viewer: viewerOf(world.streamer), entryId });
    expect(await ledger(world.pass.passId)).toEqual({ uses: 1, value: 2000 });
    expect((await joinWithPass(world)).status).toBe(200);
    expect(await ledger(world.pass.passId)).toEqual({ uses: 0, value: 0 });
  });

  it("at expiry, the unused places are refunded pro rata to the wallet, once", async () => {
    const bought = new Date(Date.now() - 31 * DAY);
    const world = await passWorld(4, bought);
    expect(await expirePasses(env)).toBeGreaterThanOrEqual(1);
    await expirePasses(env);
    expect(await ledger(world.pass.passId)).toEqual({ uses: 0, value: 0 });
    expect(await walletBalance(getDb(env), world.fan.user.id, "USD")).toBe(5_000);
    expect(await entries(world.pass.passId, "expiry")).toHaveLength(1);
  });
});
