import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { cancelBooking } from "~/features/booking/cancel.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { endLiveSession } from "~/features/live/sessions.server";
import { joinVipWithWallet } from "~/features/live/vip.server";
import { confirmCheckout } from "~/features/payments/doors.server";
import { startTopup } from "~/features/payments/topup.server";
import { activatePayout } from "~/features/payouts/admin-payouts.server";
import { streamerBalance } from "~/features/payouts/balance.server";
import { completePayouts } from "~/features/payouts/complete.server";
import { createPayout, remainingOrders } from "~/features/payouts/create.server";
import { markOrdersPlayed, ordersForValidation } from "~/features/payouts/validations.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { isAppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { sweepOwedWork } from "~workers/jobs";
import { createGame, createLiveSession, createPlatform, createSlot, createUser, viewerOf } from "../factories";
import { failingBatches } from "../support/faulty-d1";
import { bookingWorld, deliveries, fan, postWebhook } from "./booking-world";

/**
 * The money paths together, randomized (seed printed; LEDGER_SEED replays one): card and wallet bookings (some paid
 * late), fans' cancellations, streamers cancelling slots, VIP places bought from the wallet and sessions ended with
 * places unserved, refunds whose first attempts fail (a flaky database) and are retried by the sweep, staff validating,
 * paying out and completing payouts, and cancellations attempted after a payout. Afterwards: every wallet equals what
 * the use cases made it owe, every refund owed was carried out exactly once and never beyond its payment, seats never
 * exceed a slot's, and the streamer's earnings equal completed payouts plus what remains, to the minor unit.
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

const stripe = (path: string) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, { method: "POST" });
const HOUR = 3_600_000;
const SETTLE = /update "refunds" set "status"/i;

async function owedToBuyers(sql: string, id: string) {
  const rows = await env.DB.prepare(sql).bind(id).all<{ user_id: string; owed: number }>();
  return rows.results;
}

describe("the money ledger, all paths together", () => {
  it("keeps wallets, refunds, seats and earnings = payouts over randomized operations", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const random = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const db = getDb(env);
    const world = await bookingWorld({ seats: 3, priceMinor: 1500 });
    const star = viewerOf(world.star);
    await env.DB.prepare("UPDATE influencer_profiles SET is_verified = 1, verified_at = ? WHERE user_id = ?")
      .bind(Date.now(), world.star.id)
      .run();
    const finance = viewerOf(await createUser(env.DB, { role: "finance" }));
    const admin = viewerOf(await createUser(env.DB, { role: "admin" }));
    const platform = await createPlatform(env.DB, "console");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    let live = (await createLiveSession(env.DB, world.star.id, game, { priceMinor: 700 })).id;

    const slots: string[] = [world.slot.id];
    let slotCounter = 0;
    const newSlot = async () => {
      slotCounter++;
      const startsIn = slotCounter % 3 === 0 ? (3 + (slotCounter % 20)) * HOUR : (2 + (slotCounter % 9)) * 86_400_000;
      const slot = await createSlot(env.DB, world.star.id, world.gig.id, new Date(Date.now() + startsIn), {
        seats: 1 + (slotCounter % 4),
      });
      slots.push(slot.id);
    };
    for (let i = 0; i < 10; i++) await newSlot();

    const fans = await Promise.all(Array.from({ length: 6 }, () => fan()));
    const expected = new Map<string, number>(fans.map((f) => [f.user.id, 0]));
    const credit = (userId: string, amount: number) => expected.set(userId, (expected.get(userId) ?? 0) + amount);
    const confirmed: { bookingId: string; userId: string }[] = [];
    const counts: Record<string, number> = {};
    const count = (key: string) => {
      counts[key] = (counts[key] ?? 0) + 1;
    };
    // Later than every slot (at most 11 days away), inside the validation window of all of them.
    const farFuture = () => new Date(Date.now() + 15 * 86_400_000);

    async function payCard(sessionId: string, viewer: Viewer) {
      await stripe(`/__control/sessions/${sessionId}/complete`);
      if (random() < 0.5) {
        for (const d of await deliveries(sessionId, 1, true)) await postWebhook(d.payload, d.signature);
      } else {
        await confirmCheckout(env, viewer, sessionId);
      }
    }

    for (let op = 0; op < 400; op++) {
      const buyer = pick(fans);
      const viewer = viewerOf(buyer.user);
      const roll = random();
      try {
        if (roll < 0.1) {
          const amount = pick([2000, 5000]);
          const started = await startTopup(env, viewer, amount, "http://localhost");
          await payCard(started.sessionId, viewer);
          credit(buyer.user.id, amount);
          count("topup");
        } else if (roll < 0.5) {
          const method = random() < 0.6 ? "wallet" : "card";
          const placed = await placeOrder(
            env,
            viewer,
            {
              slotId: pick(slots),
              numberOfPlayers: 1,
              multipleGamerTags: [`P${op}`],
              promoCode: undefined,
              paymentMethod: method,
            },
            "http://localhost",
          );
          if (placed.status === "paid") {
            credit(buyer.user.id, -placed.amountMinor);
            confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
            count("wallet");
          } else if (placed.sessionId) {
            await payCard(placed.sessionId, viewer);
            const [row] = await env.DB.prepare("SELECT status FROM orders WHERE id = ?")
              .bind(placed.orderId)
              .all<{ status: string }>()
              .then((r) => r.results);
            if (row?.status === "paid") confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
            count("card");
          }
        } else if (roll < 0.6 && confirmed.length > 0) {
          const index = Math.floor(random() * confirmed.length);
          const booking = confirmed[index] as { bookingId: string; userId: string };
          confirmed.splice(index, 1);
          const owner = fans.find((f) => f.user.id === booking.userId);
          const outcome = await cancelBooking(env, viewerOf((owner ?? buyer).user), booking.bookingId);
          credit(booking.userId, outcome.refundedMinor);
          count(`fan-cancel-${outcome.tier}`);
        } else if (roll < 0.66) {
          // The streamer cancels a slot (often one with buyers); sometimes the refunds' first attempts fail.
          const booked = await env.DB.prepare(
            `SELECT slot_id AS id FROM bookings WHERE status = 'confirmed' AND slot_id IN (${slots.map(() => "?").join(",")}) LIMIT 1`,
          )
            .bind(...slots)
            .first<{ id: string }>();
          const slotId = booked && random() < 0.7 ? booked.id : pick(slots);
          const owed = await owedToBuyers(
            "SELECT b.user_id, o.amount_minor - o.refunded_minor AS owed FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.slot_id = ? AND b.status = 'confirmed' AND o.validated_at IS NULL",
            slotId,
          );
          const flaky = random() < 0.5 ? { left: 1 + Math.floor(random() * 4) } : { left: 0 };
          const wasFlaky = flaky.left > 0 && owed.length > 0;
          await cancelSlot({ ...env, DB: failingBatches(env.DB, SETTLE, flaky) } as Env, star, slotId);
          for (const row of owed) credit(row.user_id, row.owed);
          slots.splice(slots.indexOf(slotId), 1);
          await newSlot();
          count(wasFlaky ? "streamer-cancel-flaky" : "streamer-cancel");
        } else if (roll < 0.76) {
          const [session] = (
            await env.DB.prepare("SELECT price_minor AS price FROM live_sessions WHERE id = ?")
              .bind(live)
              .all<{ price: number }>()
          ).results;
          await joinVipWithWallet(env, viewer, live);
          credit(buyer.user.id, -(session?.price ?? 0));
          count("vip");
        } else if (roll < 0.79) {
          const owed = await owedToBuyers(
            "SELECT q.user_id, o.amount_minor - o.refunded_minor AS owed FROM queue_entries q JOIN orders o ON o.id = q.order_id WHERE q.live_session_id = ? AND q.lane = 'vip' AND q.state = 'waiting'",
            live,
          );
          const flaky = random() < 0.5 ? { left: 1 + Math.floor(random() * 3) } : { left: 0 };
          await endLiveSession({ ...env, DB: failingBatches(env.DB, SETTLE, flaky) } as Env, star, live);
          for (const row of owed) credit(row.user_id, row.owed);
          live = (await createLiveSession(env.DB, world.star.id, game, { priceMinor: 500 + (op % 5) * 100 })).id;
          count("session-ended");
        } else if (roll < 0.84) {
          await sweepOwedWork(env, new Date(Date.now() + (1 + (op % 6)) * HOUR));
          count("sweep");
        } else if (roll < 0.88) {
          // Staff validate what was played (as of a later day), pay it out and complete the payout.
          const at = farFuture();
          const toValidate = (await ordersForValidation(env, admin, world.star.id, at))
            .filter((o) => !o.validatedAt)
            .map((o) => o.id);
          if (toValidate.length > 0) await markOrdersPlayed(env, admin, world.star.id, toValidate.slice(0, 150), at);
          const period = { startTime: new Date(Date.now() - 86_400_000), endTime: at };
          const { orders } = await remainingOrders(env, finance, world.star.id, period);
          if (orders.length === 0) continue;
          const created = await createPayout(env, finance, {
            influencerId: world.star.id,
            ...period,
            mergedOrders: orders.map((o) => o.id).slice(0, 300),
          });
          for (const payout of created.payouts) await activatePayout(env, finance, payout.id);
          await completePayouts(
            env,
            finance,
            created.payouts.map((payout) => payout.id),
          );
          // Played bookings leave the fans' cancellable list; a cancellation after the payout is refused below.
          const played = new Set(toValidate);
          for (const booking of [...confirmed]) {
            const [row] = (
              await env.DB.prepare("SELECT order_id AS id FROM bookings WHERE id = ?")
                .bind(booking.bookingId)
                .all<{ id: string }>()
            ).results;
            if (row && played.has(row.id)) {
              const outcome = await cancelBooking(
                env,
                viewerOf(fans.find((f) => f.user.id === booking.userId)?.user ?? buyer.user),
                booking.bookingId,
              ).then(
                () => "refunded",
                (error: unknown) => (isAppError(error) && error.status < 500 ? "refused" : String(error)),
              );
              expect(outcome).toBe("refused");
              confirmed.splice(confirmed.indexOf(booking), 1);
            }
          }
          count("payout");
        }
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        count(`refused-${error.status}`);
      }
    }

    // Whatever is still owed is carried out by the sweep.
    for (let hour = 1; hour <= 3; hour++) await sweepOwedWork(env, new Date(Date.now() + hour * 2 * HOUR));
    console.log(`money ledger seed ${seed}`, counts);

    const q = async (sql: string) => Number((await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0);
    // Every refund owed was carried out, once: no refund left pending, one wallet credit per refund.
    const stuck = await env.DB.prepare(
      "SELECT r.status, r.attempts, r.last_error, r.reason, o.status AS order_status, o.validated_at FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.status <> 'succeeded'",
    ).all();
    expect(stuck.results, `seed ${seed}`).toEqual([]);
    expect(
      await q(
        "SELECT count(*) AS n FROM refunds r WHERE (SELECT count(*) FROM wallet_entries w WHERE w.refund_id = r.id) <> 1",
      ),
    ).toBe(0);
    expect(await q("SELECT count(*) AS n FROM orders WHERE refunded_minor > amount_minor OR refunded_minor < 0")).toBe(
      0,
    );
    expect(
      await q(
        "SELECT count(*) AS n FROM orders o WHERE o.refunded_minor <> (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded')",
      ),
    ).toBe(0);
    expect(await q("SELECT count(*) AS n FROM outbox_messages WHERE status <> 'sent'"), `seed ${seed}`).toBe(0);
    for (const f of fans) {
      const balance = await walletBalance(db, f.user.id, "USD");
      expect(balance, `wallet of ${f.user.id} (seed ${seed})`).toBe(expected.get(f.user.id));
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    // Seats never exceed a slot's (the one seats-taken rule).
    expect(
      await q(
        `SELECT count(*) AS n FROM slots s WHERE (SELECT coalesce(sum(b.seats), 0) FROM bookings b WHERE b.slot_id = s.id
           AND (b.status IN ('confirmed', 'completed', 'no_show') OR (b.status = 'held' AND b.hold_expires_at > ${Date.now()}))) > s.seats`,
      ),
    ).toBe(0);
    // Earnings (net) = completed payouts + what remains, to the minor unit.
    const balance = await streamerBalance(env, star, world.star.id);
    expect(balance.earned, `seed ${seed}: ${JSON.stringify(balance)}`).toBe(
      balance.paidOut + balance.inPayouts + balance.payable + balance.toValidate,
    );
    for (const kind of ["wallet", "card", "topup", "vip", "streamer-cancel-flaky", "session-ended", "payout"]) {
      expect(counts[kind] ?? 0, `${kind} (seed ${seed})`).toBeGreaterThan(0);
    }
    expect(balance.paidOut).toBeGreaterThan(0);
  }, 300_000);
});
