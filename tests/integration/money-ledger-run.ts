import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Viewer } from "~/features/access/policy";
import { cancelBooking } from "~/features/booking/cancel.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { endLiveSession } from "~/features/live/sessions.server";
import { joinVipWithWallet } from "~/features/live/vip.server";
import { joinVipWithPass } from "~/features/live/vip-pass.server";
import { buyPack, setPackOffer } from "~/features/packs/index.server";
import { buyPass, buyPassWithWallet, setPassOffer } from "~/features/passes/index.server";
import { cancelCheckout, confirmCheckout } from "~/features/payments/doors.server";
import { startTopup } from "~/features/payments/topup.server";
import { activatePayout } from "~/features/payouts/admin-payouts.server";
import { completePayouts } from "~/features/payouts/complete.server";
import { createPayout, remainingOrders } from "~/features/payouts/create.server";
import { markOrdersPlayed, ordersForValidation } from "~/features/payouts/validations.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { isAppError } from "~/lib/errors";
import { sweepOwedWork } from "~workers/jobs";
import { createGame, createLiveSession, createPlatform, createSlot, createUser, viewerOf } from "../factories";
import { failingBatches } from "../support/faulty-d1";
import { prng } from "../support/prng";
import { bookingWorld, deliveries, fan, postWebhook } from "./booking-world";

/**
 * One randomized run of the money paths (tests/integration/money-ledger.test.ts): the world it plays in, what each
 * fan's wallet should hold after the use cases ran, and each operation as a named step. A seed replays a run.
 */
const stripe = (path: string) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, { method: "POST" });
export const HOUR = 3_600_000;
const SETTLE = /update "refunds" set "status"/i;
type Fan = Awaited<ReturnType<typeof fan>>;
/** A confirmed booking, and whether a pack credit paid it (its refund gives the credit back, not money). */
type Booked = { bookingId: string; userId: string; byCredit?: boolean };
/** Not paid with a pack credit: its refund is money (a credit's order is refunded by its credit's return). */
const PAID_WITH_MONEY = "NOT EXISTS (SELECT 1 FROM pack_credit_entries u WHERE u.order_id = o.id AND u.kind = 'use')";

async function owedToBuyers(sql: string, id: string) {
  const rows = await env.DB.prepare(sql).bind(id).all<{ user_id: string; owed: number }>();
  return rows.results;
}

/** The world of a run: a verified star with a gig, ten slots, a live session, six fans, finance and admin staff. */
export async function ledgerRun(seed: number) {
  const world = await bookingWorld({ seats: 3, priceMinor: 1500 });
  await env.DB.prepare("UPDATE influencer_profiles SET is_verified = 1, verified_at = ? WHERE user_id = ?")
    .bind(Date.now(), world.streamer.id)
    .run();
  const platform = await createPlatform(env.DB, "console");
  const run = new LedgerRun(seed, world, {
    finance: viewerOf(await createUser(env.DB, { role: "finance" })),
    admin: viewerOf(await createUser(env.DB, { role: "admin" })),
    game: await createGame(env.DB, {}, { platformIds: [platform.id] }),
  });
  run.live = (await createLiveSession(env.DB, world.streamer.id, run.staff.game, { priceMinor: 700 })).id;
  // The streamer's VIP pass: 3 places for 20 USD (ADR 032); the gig's session pack: 3 sessions for 30 USD (ADR 027).
  await setPassOffer(env, run.streamer, { places: 3, price: 20, validDays: 30, active: true });
  await setPackOffer(env, run.streamer, world.gig.id, { sessions: 3, price: 30, validDays: 60, active: true });
  for (let i = 0; i < 10; i++) await run.newSlot();
  run.fans = await Promise.all(Array.from({ length: 6 }, () => fan()));
  for (const f of run.fans) run.expected.set(f.user.id, 0);
  return run;
}

export class LedgerRun {
  readonly random: () => number;
  readonly streamer: Viewer;
  /** What each fan's wallet must hold: every credit and debit the use cases made, as the test counted them. */
  readonly expected = new Map<string, number>();
  /** What each fan's VIP pass places must sum to: bought, used, and given back, as the test counted them. */
  readonly expectedUses = new Map<string, number>();
  /** What each fan's session pack credits must sum to: bought (by card), used, and given back. */
  readonly expectedCredits = new Map<string, number>();
  /** How often each path ran (and each refusal), to check every path was taken. */
  readonly counts: Record<string, number> = {};
  readonly slots: string[];
  fans: Fan[] = [];
  live = "";
  private confirmed: Booked[] = [];
  private slotCounter = 0;

  constructor(
    readonly seed: number,
    readonly world: Awaited<ReturnType<typeof bookingWorld>>,
    readonly staff: { finance: Viewer; admin: Viewer; game: Awaited<ReturnType<typeof createGame>> },
  ) {
    this.random = prng(seed);
    this.streamer = viewerOf(world.streamer);
    this.slots = [world.slot.id];
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private credit(userId: string, amount: number) {
    this.expected.set(userId, (this.expected.get(userId) ?? 0) + amount);
  }

  private uses(userId: string, change: number) {
    this.expectedUses.set(userId, (this.expectedUses.get(userId) ?? 0) + change);
  }

  private credits(userId: string, change: number) {
    this.expectedCredits.set(userId, (this.expectedCredits.get(userId) ?? 0) + change);
  }

  private count(key: string) {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  async newSlot() {
    this.slotCounter++;
    const n = this.slotCounter;
    const startsIn = n % 3 === 0 ? (3 + (n % 20)) * HOUR : (2 + (n % 9)) * 86_400_000;
    const slot = await createSlot(env.DB, this.world.streamer.id, this.world.gig.id, new Date(Date.now() + startsIn), {
      seats: 1 + (n % 4),
    });
    this.slots.push(slot.id);
  }

  /** One operation of a random fan, chosen by the seed; a refusal (4xx) is counted, anything worse fails the run. */
  async randomOperation(op: number) {
    const buyer = this.pick(this.fans);
    const roll = this.random();
    try {
      if (roll < 0.1) await this.topUp(buyer);
      else if (roll < 0.44) await this.book(buyer, op);
      else if (roll < 0.47) await this.buyByCard(buyer, "pack");
      else if (roll < 0.5) await this.bookWithCredit(buyer, op);
      else if (roll < 0.6 && this.confirmed.length > 0) await this.fanCancels(buyer);
      else if (roll < 0.66) await this.streamerCancelsASlot();
      else if (roll < 0.76) await this.buyVipPlace(buyer);
      else if (roll < 0.79) await this.endLiveSession(op);
      else if (roll < 0.84) await this.sweep(op);
      else if (roll < 0.88) await this.payOut(buyer);
      else if (roll < 0.91) await this.buyPass(buyer);
      else if (roll < 0.96) await this.joinVipWithPass(buyer);
      else if (roll < 0.98) await this.buyByCard(buyer, "pass");
      else await this.bookWithCredit(buyer, op);
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      this.count(`refused-${error.status}`);
    }
  }

  private async payCard(sessionId: string, viewer: Viewer) {
    await stripe(`/__control/sessions/${sessionId}/complete`);
    if (this.random() < 0.5) {
      for (const d of await deliveries(sessionId, 1, true)) await postWebhook(d.payload, d.signature);
    } else {
      await confirmCheckout(env, viewer, sessionId);
    }
  }

  /**
   * A fan buys the gig's session pack or the streamer's VIP pass by card (ADR 040): the card's top-up pays it from the
   * wallet in the fulfilment batch, so the wallet nets nothing. Sometimes the checkout is cancelled (nothing bought),
   * sometimes both doors and the webhook's replays all run (bought once).
   */
  private async buyByCard(buyer: Fan, kind: "pack" | "pass") {
    const viewer = viewerOf(buyer.user);
    const draft = { paymentMethod: "card" as const };
    const bought =
      kind === "pack"
        ? await buyPack(env, viewer, this.world.gig.id, draft, { origin: "http://localhost" })
        : await buyPass(env, viewer, this.world.streamer.id, draft, { origin: "http://localhost" });
    const table = kind === "pack" ? "pack_purchases" : "pass_purchases";
    const id = "packId" in bought ? bought.packId : bought.passId;
    const order = await env.DB.prepare(
      `SELECT o.id, o.checkout_session_id AS session FROM ${table} p JOIN orders o ON o.id = p.order_id WHERE p.id = ?`,
    )
      .bind(id)
      .first<{ id: string; session: string }>();
    if (!order) throw new Error(`no card order for the ${kind}`);
    if (this.random() < 0.2) {
      await cancelCheckout(env, viewer, order.id);
      this.count(`${kind}-card-cancelled`);
      return;
    }
    await this.payCard(order.session, viewer);
    if (this.random() < 0.5) {
      // The other doors again, after the fact: nothing more is bought.
      for (const d of await deliveries(order.session, 2, true)) await postWebhook(d.payload, d.signature);
      await confirmCheckout(env, viewer, order.session);
    }
    if (kind === "pack") this.credits(buyer.user.id, "sessions" in bought ? bought.sessions : 0);
    else this.uses(buyer.user.id, "places" in bought ? bought.places : 0);
    this.count(`${kind}-card`);
  }

  /** A fan holding a pack credit (else this one) books a seat with it: no money moves. */
  private async bookWithCredit(buyer: Fan, op: number) {
    const holders = this.fans.filter((f) => (this.expectedCredits.get(f.user.id) ?? 0) > 0);
    const holder = holders.length > 0 ? this.pick(holders) : buyer;
    const placed = await placeOrder(
      env,
      viewerOf(holder.user),
      {
        slotId: this.pick(this.slots),
        numberOfPlayers: 1,
        multipleGamerTags: [`C${op}`],
        promoCode: undefined,
        paymentMethod: "credit",
      },
      "http://localhost",
    );
    this.credits(holder.user.id, -1);
    this.confirmed.push({ bookingId: placed.bookingId, userId: holder.user.id, byCredit: true });
    this.count("credit-booked");
  }

  private async topUp(buyer: Fan) {
    const amount = this.pick([2000, 5000]);
    const viewer = viewerOf(buyer.user);
    const started = await startTopup(env, viewer, amount, "http://localhost");
    await this.payCard(started.sessionId, viewer);
    this.credit(buyer.user.id, amount);
    this.count("topup");
  }

  private async book(buyer: Fan, op: number) {
    const viewer = viewerOf(buyer.user);
    const method = this.random() < 0.6 ? "wallet" : "card";
    const placed = await placeOrder(
      env,
      viewer,
      {
        slotId: this.pick(this.slots),
        numberOfPlayers: 1,
        multipleGamerTags: [`P${op}`],
        promoCode: undefined,
        paymentMethod: method,
      },
      "http://localhost",
    );
    if (placed.status === "paid") {
      this.credit(buyer.user.id, -placed.amountMinor);
      this.confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
      this.count("wallet");
    } else if (placed.sessionId) {
      await this.payCard(placed.sessionId, viewer);
      const row = await env.DB.prepare("SELECT status FROM orders WHERE id = ?")
        .bind(placed.orderId)
        .first<{ status: string }>();
      if (row?.status === "paid") this.confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
      this.count("card");
    }
  }

  private ownerOf(booking: Booked, fallback: Fan) {
    return (this.fans.find((f) => f.user.id === booking.userId) ?? fallback).user;
  }

  private async fanCancels(buyer: Fan) {
    const index = Math.floor(this.random() * this.confirmed.length);
    const [booking] = this.confirmed.splice(index, 1) as [Booked];
    const outcome = await cancelBooking(env, viewerOf(this.ownerOf(booking, buyer)), booking.bookingId);
    // A credit's booking gives its credit back where money would be refunded (ADR 027), never money.
    if (booking.byCredit) this.credits(booking.userId, outcome.refundedMinor > 0 ? 1 : 0);
    else this.credit(booking.userId, outcome.refundedMinor);
    this.count(`fan-cancel-${outcome.tier}`);
  }

  /** The streamer cancels a slot (often one with buyers); sometimes the refunds' first attempts fail. */
  private async streamerCancelsASlot() {
    const booked = await env.DB.prepare(
      `SELECT slot_id AS id FROM bookings WHERE status = 'confirmed' AND slot_id IN (${this.slots.map(() => "?").join(",")}) LIMIT 1`,
    )
      .bind(...this.slots)
      .first<{ id: string }>();
    const slotId = booked && this.random() < 0.7 ? booked.id : this.pick(this.slots);
    const owedSql = (money: boolean) =>
      `SELECT b.user_id, o.amount_minor - o.refunded_minor AS owed FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.slot_id = ? AND b.status = 'confirmed' AND o.validated_at IS NULL AND ${money ? "" : "NOT "}${PAID_WITH_MONEY}`;
    const owed = await owedToBuyers(owedSql(true), slotId);
    const creditsBack = await owedToBuyers(owedSql(false), slotId);
    const flaky = this.random() < 0.5 ? { left: 1 + Math.floor(this.random() * 4) } : { left: 0 };
    const wasFlaky = flaky.left > 0 && owed.length > 0;
    await cancelSlot({ ...env, DB: failingBatches(env.DB, SETTLE, flaky) } as Env, this.streamer, slotId);
    for (const row of owed) this.credit(row.user_id, row.owed);
    for (const row of creditsBack) this.credits(row.user_id, 1);
    this.slots.splice(this.slots.indexOf(slotId), 1);
    await this.newSlot();
    this.count(wasFlaky ? "streamer-cancel-flaky" : "streamer-cancel");
  }

  private async buyVipPlace(buyer: Fan) {
    const session = await env.DB.prepare("SELECT price_minor AS price FROM live_sessions WHERE id = ?")
      .bind(this.live)
      .first<{ price: number }>();
    await joinVipWithWallet(env, viewerOf(buyer.user), this.live, "ledger-vip");
    this.credit(buyer.user.id, -(session?.price ?? 0));
    this.count("vip");
  }

  /** A fan buys the streamer's VIP pass from the wallet. */
  private async buyPass(buyer: Fan) {
    const bought = await buyPassWithWallet(env, viewerOf(buyer.user), this.world.streamer.id);
    this.credit(buyer.user.id, -bought.amountMinor);
    this.uses(buyer.user.id, bought.places);
    this.count("pass-bought");
  }

  /** A fan holding a pass's place (else this one) joins the VIP queue with it: no money moves. */
  private async joinVipWithPass(buyer: Fan) {
    const holders = this.fans.filter((f) => (this.expectedUses.get(f.user.id) ?? 0) > 0);
    const holder = holders.length > 0 ? this.pick(holders) : buyer;
    await joinVipWithPass(env, viewerOf(holder.user), this.live, "ledger-pass");
    this.uses(holder.user.id, -1);
    this.count("vip-pass");
  }

  /**
   * The streamer ends the live session with VIP places unserved (refunded, sometimes after failed attempts): money
   * back for a paid place, the use back for a pass's place.
   */
  private async endLiveSession(op: number) {
    const waiting = (pass: "" | "NOT ") =>
      `SELECT q.user_id, o.amount_minor - o.refunded_minor AS owed FROM queue_entries q JOIN orders o ON o.id = q.order_id
        WHERE q.live_session_id = ? AND q.lane = 'vip' AND q.state = 'waiting'
        AND ${pass}EXISTS (SELECT 1 FROM pass_entries p WHERE p.order_id = o.id AND p.kind = 'use')`;
    const owed = await owedToBuyers(waiting("NOT "), this.live);
    for (const row of await owedToBuyers(waiting(""), this.live)) this.uses(row.user_id, 1);
    const flaky = this.random() < 0.5 ? { left: 1 + Math.floor(this.random() * 3) } : { left: 0 };
    await endLiveSession({ ...env, DB: failingBatches(env.DB, SETTLE, flaky) } as Env, this.streamer, this.live);
    for (const row of owed) this.credit(row.user_id, row.owed);
    const next = await createLiveSession(env.DB, this.world.streamer.id, this.staff.game, {
      priceMinor: 500 + (op % 5) * 100,
    });
    this.live = next.id;
    this.count("session-ended");
  }

  private async sweep(op: number) {
    await sweepOwedWork(env, new Date(Date.now() + (1 + (op % 6)) * HOUR));
    this.count("sweep");
  }

  /** Staff validate what was played (as of a later day), pay it out and complete the payout. */
  private async payOut(buyer: Fan) {
    const { admin, finance } = this.staff;
    const streamerId = this.world.streamer.id;
    // Later than every slot (at most 11 days away), inside the validation window of all of them.
    const at = new Date(Date.now() + 15 * 86_400_000);
    const toValidate = (await ordersForValidation(env, admin, streamerId, at))
      .filter((o) => !o.validatedAt)
      .map((o) => o.id);
    if (toValidate.length > 0) await markOrdersPlayed(env, admin, streamerId, toValidate.slice(0, 150), at);
    const period = { startTime: new Date(Date.now() - 86_400_000), endTime: at };
    const { orders } = await remainingOrders(env, finance, streamerId, period);
    if (orders.length === 0) return;
    const created = await createPayout(env, finance, {
      influencerId: streamerId,
      ...period,
      mergedOrders: orders.map((o) => o.id).slice(0, 300),
    });
    for (const payout of created.payouts) await activatePayout(env, finance, payout.id);
    await completePayouts(
      env,
      finance,
      created.payouts.map((payout) => payout.id),
    );
    await this.cancellationsAfterPayoutAreRefused(new Set(toValidate), buyer);
    this.count("payout");
  }

  /** Played bookings leave the fans' cancellable list: a cancellation after their payout is refused. */
  private async cancellationsAfterPayoutAreRefused(played: Set<string>, buyer: Fan) {
    for (const booking of [...this.confirmed]) {
      const row = await env.DB.prepare("SELECT order_id AS id FROM bookings WHERE id = ?")
        .bind(booking.bookingId)
        .first<{ id: string }>();
      if (!row || !played.has(row.id)) continue;
      const outcome = await cancelBooking(env, viewerOf(this.ownerOf(booking, buyer)), booking.bookingId).then(
        () => "refunded",
        (error: unknown) => (isAppError(error) && error.status < 500 ? "refused" : String(error)),
      );
      expect(outcome, `a cancellation after the payout (seed ${this.seed})`).toBe("refused");
      this.confirmed.splice(this.confirmed.indexOf(booking), 1);
    }
  }
}
