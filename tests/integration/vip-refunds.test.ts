import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendLiveCommand } from "~/features/live/coordinator.server";
import { LIVE_EVENTS, liveSocketPath } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import type { VipPlaceOutcome } from "~/features/live/vip-outcomes";
import { VIP_PLACE_OUTCOMES } from "~/features/live/vip-refunds.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { viewerOf } from "../factories";
import { paySession } from "./booking-world";
import { liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * Every row of the VIP places' outcome table (app/features/live/vip-refunds.server.ts), walked through the app's own
 * commands and routes: the place ends in the table's state, and the wallet and the ledger hold the table's refund.
 */
const PRICE = 700;

type World = Awaited<ReturnType<typeof liveWorld>>;
type Fan = Awaited<ReturnType<typeof liveFan>>;

async function joinVipFromWallet(world: World) {
  const fan = await liveFan(PRICE);
  const response = await post("/api/join_vip", fan.cookie, {
    liveSessionId: world.liveSessionId,
    acceptTerms: true,
    paymentMethod: "wallet",
    gamertag: "vip-tag",
  });
  expect(response.status).toBe(200);
  expect(await walletBalance(getDb(env), fan.user.id, "USD")).toBe(0);
  return fan;
}

async function entryOf(world: World, fan: Fan): Promise<string> {
  const entryId = (await placeOf(env, world.liveSessionId, fan.user.id))?.place?.entryId;
  if (!entryId) throw new Error("the fan has no place");
  return entryId;
}

function serve(world: World, entryId: string, to: "playing_next" | "in_game" | "done") {
  return sendLiveCommand(env, world.liveSessionId, { type: "serve", viewer: viewerOf(world.streamer), entryId, to });
}

/** Each outcome brought about the way the product does it; returns the fan and their order. */
const SCENARIOS: Record<VipPlaceOutcome, (world: World) => Promise<Fan>> = {
  async served(world) {
    const fan = await joinVipFromWallet(world);
    const entryId = await entryOf(world, fan);
    await serve(world, entryId, "in_game");
    await serve(world, entryId, "done");
    return fan;
  },
  async left(world) {
    const fan = await joinVipFromWallet(world);
    const entryId = await entryOf(world, fan);
    await sendLiveCommand(env, world.liveSessionId, { type: "leave", viewer: viewerOf(fan.user), entryId });
    return fan;
  },
  async removed(world) {
    const fan = await joinVipFromWallet(world);
    const entryId = await entryOf(world, fan);
    await sendLiveCommand(env, world.liveSessionId, { type: "remove", viewer: viewerOf(world.streamer), entryId });
    return fan;
  },
  async no_show(world) {
    const fan = await joinVipFromWallet(world);
    const entryId = await entryOf(world, fan);
    // On the live page when called (an absent fan misses their ready check at once), then removed by the streamer.
    const page = await openSocket(liveSocketPath(world.liveSessionId), fan.cookie);
    await until(() => page.last(LIVE_EVENTS.updateUser));
    await serve(world, entryId, "playing_next");
    page.close();
    await sendLiveCommand(env, world.liveSessionId, { type: "remove", viewer: viewerOf(world.streamer), entryId });
    return fan;
  },
  async missed_ready(world) {
    // The session removes VIP places that miss their ready check; the fan is not on the live page when called.
    await sendLiveCommand(env, world.liveSessionId, {
      type: "turnRules",
      viewer: viewerOf(world.streamer),
      vipPerRegular: null,
      rejoinCooldown: 0,
      vipMissed: "remove",
    });
    const fan = await joinVipFromWallet(world);
    const entryId = await entryOf(world, fan);
    await serve(world, entryId, "playing_next");
    // Not on the live page, and the countdown runs out (absence alone is not a miss: only the deadline is).
    await env.DB.prepare("UPDATE queue_entries SET ready_deadline = ? WHERE id = ?")
      .bind(Date.now() - 1, entryId)
      .run();
    await runDurableObjectAlarm(env.LIVE_SESSION.getByName(world.liveSessionId));
    return fan;
  },
  async session_ended(world) {
    const fan = await joinVipFromWallet(world);
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    return fan;
  },
  async late_payment(world) {
    const fan = await liveFan();
    const checkout = await post("/api/create-live-checkout-session", fan.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      gamertag: "late-tag",
    });
    const { id } = (await checkout.json()) as { id: string };
    // Paid, and the session ends before the payment is fulfilled: the end finds it paid, a late payment.
    await paySession(id);
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    const answer = await post("/api/live-payment-success", fan.cookie, { sessionId: id });
    expect(["refunded", "already"]).toContain(((await answer.json()) as { outcome: string }).outcome);
    return fan;
  },
};

async function ledgerOf(fan: Fan, liveSessionId: string) {
  const order = await env.DB.prepare(
    "SELECT id, status, refunded_minor FROM orders WHERE user_id = ? AND live_session_id = ?",
  )
    .bind(fan.user.id, liveSessionId)
    .first<{ id: string; status: string; refunded_minor: number }>();
  if (!order) throw new Error("no order");
  const { results: refunds } = await env.DB.prepare(
    "SELECT amount_minor, method, status, reason FROM refunds WHERE order_id = ?",
  )
    .bind(order.id)
    .all();
  const { results: entries } = await env.DB.prepare(
    "SELECT amount_minor FROM wallet_entries WHERE order_id = ? AND kind = 'refund'",
  )
    .bind(order.id)
    .all<{ amount_minor: number }>();
  const place = await env.DB.prepare("SELECT state FROM queue_entries WHERE order_id = ?")
    .bind(order.id)
    .first<{ state: string }>();
  return { order, refunds, entries, place: place?.state ?? null };
}

describe("a VIP place's outcome decides its refund, by the one table", () => {
  it("has a scenario for every row of the table", () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(Object.keys(VIP_PLACE_OUTCOMES).sort());
  });

  for (const [outcome, row] of Object.entries(VIP_PLACE_OUTCOMES) as [
    VipPlaceOutcome,
    (typeof VIP_PLACE_OUTCOMES)[VipPlaceOutcome],
  ][]) {
    it(`${outcome}: ends as ${row.endsAs ?? "no place"}, refund ${row.refund}`, async () => {
      const world = await liveWorld({ priceMinor: PRICE });
      const fan = await SCENARIOS[outcome](world);
      const ledger = await ledgerOf(fan, world.liveSessionId);
      expect(ledger.place).toBe(row.endsAs);
      const balance = await walletBalance(getDb(env), fan.user.id, "USD");
      if (row.refund === "none") {
        expect(balance).toBe(0);
        expect(ledger.order).toMatchObject({ status: "paid", refunded_minor: 0 });
        expect(ledger.refunds).toEqual([]);
        expect(ledger.entries).toEqual([]);
      } else {
        const toCard = row.refund === "full to card";
        expect(balance).toBe(toCard ? 0 : PRICE);
        expect(ledger.order).toMatchObject({ status: "refunded", refunded_minor: PRICE });
        expect(ledger.refunds).toEqual([
          { amount_minor: PRICE, method: toCard ? "card" : "wallet", status: "succeeded", reason: row.reason },
        ]);
        expect(ledger.entries).toEqual(toCard ? [] : [{ amount_minor: PRICE }]);
      }
    });
  }
});
