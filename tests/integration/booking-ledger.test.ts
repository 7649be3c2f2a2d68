import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { cancelBooking } from "~/features/booking/cancel.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { cancelCheckout, confirmCheckout } from "~/features/payments/doors.server";
import { orderById } from "~/features/payments/fulfilment.server";
import { startTopup } from "~/features/payments/topup.server";
import { getSlot } from "~/features/seats/slots.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { isAppError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { promoCodes } from "~db/schema";
import { createSlot } from "../factories";
import { bookingWorld, deliveries, fan, postWebhook } from "./booking-world";

/**
 * The ledger under a randomized sequence of at least 1,000 operations (card bookings paid through the webhook
 * or the success door, left held or cancelled at checkout, late payments, wallet payments, promo uses, top-ups
 * and the fan's cancellations under the policy), all through the app's use cases and HTTP doors. Afterwards:
 * every wallet equals the sum the use cases reported (top-ups - wallet payments + refunds), no order is
 * refunded beyond its amount, and seats taken never exceed seats on any slot.
 */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const asViewer = (user: { id: string; username: string }): Viewer => ({
  id: user.id,
  username: user.username,
  fullName: "Ledger Fan",
  role: "user",
  isActive: true,
  isInfluencer: false,
  isLive: false,
  liveSessionId: null,
  pictureUrl: null,
  country: "US",
  timeZone: null,
});

const stripe = (path: string, init?: RequestInit) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, init);

describe("randomized ledger", () => {
  it("keeps every wallet, refund and seat invariant over 1,000 operations", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const random = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const db = getDb(env);
    const world = await bookingWorld({ seats: 3, priceMinor: 1500 });
    const slots = [world.slot.id];
    for (let i = 1; i < 12; i++) {
      // Some more than 24 h away (full refund), some 2-24 h away (half), all upcoming; none at the world slot's
      // 3 days (a streamer has one slot per start time, and the clock need not move between the two).
      const startsIn = i % 3 === 0 ? (3 + i) * 3_600_000 : (3 + i) * 86_400_000;
      slots.push(
        (await createSlot(env.DB, world.star.id, world.gig.id, new Date(Date.now() + startsIn), { seats: 1 + (i % 4) }))
          .id,
      );
    }
    const codes = ["LEDGERTEN", "LEDGERFIVE", "LEDGERFREE"];
    await db.insert(promoCodes).values([
      { id: newId(), code: codes[0] as string, kind: "percent", value: 1000, maxUses: 40, maxUsesPerUser: 3 },
      { id: newId(), code: codes[1] as string, kind: "fixed", value: 500, currency: "USD", maxUses: 30 },
      { id: newId(), code: codes[2] as string, kind: "percent", value: 10_000, maxUses: 5, maxUsesPerUser: 1 },
    ]);
    const fans = await Promise.all(Array.from({ length: 8 }, () => fan()));
    const expected = new Map<string, number>(fans.map((f) => [f.user.id, 0]));
    const credit = (userId: string, amount: number) => expected.set(userId, (expected.get(userId) ?? 0) + amount);
    const confirmed: { bookingId: string; userId: string }[] = [];
    const counts: Record<string, number> = {};
    const count = (key: string) => {
      counts[key] = (counts[key] ?? 0) + 1;
    };

    async function payCard(sessionId: string, door: "webhook" | "success", viewer: Viewer) {
      await stripe(`/__control/sessions/${sessionId}/complete`, { method: "POST" });
      if (door === "webhook") {
        for (const d of await deliveries(sessionId, 2, true)) await postWebhook(d.payload, d.signature);
        return null;
      }
      return confirmCheckout(env, viewer, sessionId);
    }

    type CardOrder = {
      sessionId: string;
      orderId: string;
      bookingId: string;
      amountMinor: number;
      buyer: { id: string; username: string };
    };
    const lateQueue: (CardOrder & { due: number })[] = [];
    async function settleCard(order: CardOrder, late: boolean) {
      const result = await payCard(order.sessionId, pick(["webhook", "success"] as const), asViewer(order.buyer));
      const after = await orderById(db, order.orderId);
      if (after?.status === "refunded") {
        credit(order.buyer.id, order.amountMinor);
        count("late-refunded");
      } else if (after?.status === "paid") {
        confirmed.push({ bookingId: order.bookingId, userId: order.buyer.id });
        count(late ? "late-seated" : "card");
      } else {
        throw new Error(`card order ${order.orderId} ended ${after?.status} (${result?.outcome})`);
      }
    }

    for (let op = 0; op < 1000; op++) {
      for (const due of lateQueue.filter((order) => order.due <= op)) {
        lateQueue.splice(lateQueue.indexOf(due), 1);
        await settleCard(due, true);
      }
      const buyer = pick(fans);
      const viewer = asViewer(buyer.user);
      const roll = random();
      try {
        if (roll < 0.08) {
          // Top-up by card (the wallet's only way in besides refunds).
          const amount = pick([500, 2000, 5000]);
          const started = await startTopup(env, viewer, amount, "http://localhost");
          await payCard(started.sessionId, pick(["webhook", "success"] as const), viewer);
          credit(buyer.user.id, amount);
          count("topup");
        } else if (roll < 0.7) {
          const players = 1 + Math.floor(random() * 2);
          const method = random() < 0.5 ? "wallet" : "card";
          const promoCode = random() < 0.2 ? pick(codes) : undefined;
          const late = method === "card" && random() < 0.15;
          const placed = await placeOrder(
            env,
            viewer,
            {
              slotId: pick(slots),
              numberOfPlayers: players,
              multipleGamerTags: Array.from({ length: players }, (_, i) => `P${op}_${i}`),
              promoCode,
              paymentMethod: method,
            },
            "http://localhost",
            late ? new Date(Date.now() - 11 * 60_000) : new Date(),
          );
          if (promoCode) count("promo");
          if (placed.status === "paid") {
            if (method === "wallet") credit(buyer.user.id, -placed.amountMinor);
            confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
            count(placed.amountMinor === 0 ? "free" : "wallet");
          } else if (placed.sessionId) {
            const fate = random();
            if (fate < 0.15) {
              await cancelCheckout(env, viewer, placed.orderId);
              count("checkout-cancelled");
            } else if (fate < 0.25 && !late) {
              count("left-held");
            } else {
              const card = { sessionId: placed.sessionId, orderId: placed.orderId, bookingId: placed.bookingId };
              // A late payment arrives a few operations later, when its seat may have gone to someone else.
              if (late)
                lateQueue.push({
                  ...card,
                  buyer: buyer.user,
                  amountMinor: placed.amountMinor,
                  due: op + 2 + Math.floor(random() * 8),
                });
              else await settleCard({ ...card, buyer: buyer.user, amountMinor: placed.amountMinor }, false);
            }
          }
        } else if (confirmed.length > 0) {
          const index = Math.floor(random() * confirmed.length);
          const booking = confirmed[index] as { bookingId: string; userId: string };
          const owner = fans.find((f) => f.user.id === booking.userId);
          if (!owner) throw new Error("owner");
          const outcome = await cancelBooking(env, asViewer(owner.user), booking.bookingId);
          confirmed.splice(index, 1);
          credit(booking.userId, outcome.refundedMinor);
          count(`cancel-${outcome.tier}`);
        }
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        count(`refused-${error.status}`);
      }
    }

    for (const due of lateQueue.splice(0)) await settleCard(due, true);
    console.log(`ledger seed ${seed}`, counts);
    for (const f of fans) {
      const balance = await walletBalance(db, f.user.id, "USD");
      expect(balance, `wallet of ${f.user.id} (seed ${seed})`).toBe(expected.get(f.user.id));
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    const overRefunded = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE refunded_minor > amount_minor OR refunded_minor < 0",
    ).first<{ n: number }>();
    expect(overRefunded?.n).toBe(0);
    const refundSums = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders o WHERE o.refunded_minor <> (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded')",
    ).first<{ n: number }>();
    expect(refundSums?.n).toBe(0);
    const overused = await env.DB.prepare(
      "SELECT count(*) AS n FROM promo_codes p WHERE p.max_uses IS NOT NULL AND (SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = p.id) > p.max_uses",
    ).first<{ n: number }>();
    expect(overused?.n).toBe(0);
    for (const slotId of slots) {
      const slot = await getSlot(db, slotId);
      const taken = await env.DB.prepare(
        "SELECT coalesce(sum(seats), 0) AS n FROM bookings WHERE slot_id = ? AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ?))",
      )
        .bind(slotId, Date.now())
        .first<{ n: number }>();
      expect(taken?.n ?? 0, `slot ${slotId} (seed ${seed})`).toBeLessThanOrEqual(slot.seats);
    }
    for (const kind of ["card", "wallet", "promo", "topup", "cancel-full"])
      expect(counts[kind] ?? 0, kind).toBeGreaterThan(0);
  }, 300_000);
});
