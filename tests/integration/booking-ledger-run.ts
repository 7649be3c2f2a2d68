import { env } from "cloudflare:workers";
import type { Viewer } from "~/features/access/policy";
import { cancelBooking } from "~/features/booking/cancel.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { cancelCheckout, confirmCheckout } from "~/features/payments/doors.server";
import { orderById } from "~/features/payments/fulfilment.server";
import { startTopup } from "~/features/payments/topup.server";
import { isAppError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { promoCodes } from "~db/schema";
import { createSlot, viewerOf } from "../factories";
import { prng } from "../support/prng";
import { bookingWorld, deliveries, fan, postWebhook } from "./booking-world";

/**
 * One randomized run of bookings, payments, promo uses, top-ups and cancellations
 * (tests/integration/booking-ledger.test.ts): its world, what each wallet should hold, and each operation as a
 * named step. A seed replays a run.
 */
const stripe = (path: string, init?: RequestInit) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, init);
const CODES = ["LEDGERTEN", "LEDGERFIVE", "LEDGERFREE"] as const;

type Fan = Awaited<ReturnType<typeof fan>>;
type CardOrder = {
  sessionId: string;
  orderId: string;
  bookingId: string;
  amountMinor: number;
  buyer: Fan["user"];
};

/** The world of a run: a star with twelve slots (some within 24 h), three promo codes with limits, eight fans. */
export async function bookingLedgerRun(seed: number) {
  const world = await bookingWorld({ seats: 3, priceMinor: 1500 });
  const slots = [world.slot.id];
  for (let i = 1; i < 12; i++) {
    // Some more than 24 h away (full refund), some 2-24 h away (half), all upcoming; none at the world slot's
    // 3 days (a streamer has one slot per start time, and the clock need not move between the two).
    const startsIn = i % 3 === 0 ? (3 + i) * 3_600_000 : (3 + i) * 86_400_000;
    const slot = await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(Date.now() + startsIn), {
      seats: 1 + (i % 4),
    });
    slots.push(slot.id);
  }
  await getDb(env)
    .insert(promoCodes)
    .values([
      { id: newId(), code: CODES[0], kind: "percent", value: 1000, maxUses: 40, maxUsesPerUser: 3 },
      { id: newId(), code: CODES[1], kind: "fixed", value: 500, currency: "USD", maxUses: 30 },
      { id: newId(), code: CODES[2], kind: "percent", value: 10_000, maxUses: 5, maxUsesPerUser: 1 },
    ]);
  const fans = await Promise.all(Array.from({ length: 8 }, () => fan()));
  return new BookingLedgerRun(seed, slots, fans);
}

export class BookingLedgerRun {
  readonly random: () => number;
  /** What each fan's wallet must hold: top-ups - wallet payments + refunds, as the use cases reported them. */
  readonly expected: Map<string, number>;
  /** How often each path ran (and each refusal), to check every path was taken. */
  readonly counts: Record<string, number> = {};
  private readonly confirmed: { bookingId: string; userId: string }[] = [];
  private readonly lateQueue: (CardOrder & { due: number })[] = [];

  constructor(
    readonly seed: number,
    readonly slots: string[],
    readonly fans: Fan[],
  ) {
    this.random = prng(seed);
    this.expected = new Map(fans.map((f) => [f.user.id, 0]));
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private credit(userId: string, amount: number) {
    this.expected.set(userId, (this.expected.get(userId) ?? 0) + amount);
  }

  private count(key: string) {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  /** Operation `op`: first the late payments now due, then one random fan's top-up, booking or cancellation. */
  async randomOperation(op: number) {
    for (const due of this.lateQueue.filter((order) => order.due <= op)) {
      this.lateQueue.splice(this.lateQueue.indexOf(due), 1);
      await this.settleCard(due, true);
    }
    const buyer = this.pick(this.fans);
    const roll = this.random();
    try {
      if (roll < 0.08) await this.topUp(buyer);
      else if (roll < 0.7) await this.book(buyer, op);
      else if (this.confirmed.length > 0) await this.cancel();
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      this.count(`refused-${error.status}`);
    }
  }

  /** The late payments still waiting arrive. */
  async settleLatePayments() {
    for (const due of this.lateQueue.splice(0)) await this.settleCard(due, true);
  }

  private async payCard(sessionId: string, door: "webhook" | "success", viewer: Viewer) {
    await stripe(`/__control/sessions/${sessionId}/complete`, { method: "POST" });
    if (door === "webhook") {
      for (const d of await deliveries(sessionId, 2, true)) await postWebhook(d.payload, d.signature);
      return null;
    }
    return confirmCheckout(env, viewer, sessionId);
  }

  private async settleCard(order: CardOrder, late: boolean) {
    const door = this.pick(["webhook", "success"] as const);
    const result = await this.payCard(order.sessionId, door, viewerOf(order.buyer));
    const after = await orderById(getDb(env), order.orderId);
    if (after?.status === "refunded") {
      this.credit(order.buyer.id, order.amountMinor);
      this.count("late-refunded");
    } else if (after?.status === "paid") {
      this.confirmed.push({ bookingId: order.bookingId, userId: order.buyer.id });
      this.count(late ? "late-seated" : "card");
    } else {
      throw new Error(`card order ${order.orderId} ended ${after?.status} (${result?.outcome})`);
    }
  }

  /** Top-up by card (the wallet's only way in besides refunds). */
  private async topUp(buyer: Fan) {
    const viewer = viewerOf(buyer.user);
    const amount = this.pick([500, 2000, 5000]);
    const started = await startTopup(env, viewer, amount, "http://localhost");
    await this.payCard(started.sessionId, this.pick(["webhook", "success"] as const), viewer);
    this.credit(buyer.user.id, amount);
    this.count("topup");
  }

  private async book(buyer: Fan, op: number) {
    const viewer = viewerOf(buyer.user);
    const players = 1 + Math.floor(this.random() * 2);
    const method = this.random() < 0.5 ? "wallet" : "card";
    const promoCode = this.random() < 0.2 ? this.pick(CODES) : undefined;
    const late = method === "card" && this.random() < 0.15;
    const placed = await placeOrder(
      env,
      viewer,
      {
        slotId: this.pick(this.slots),
        numberOfPlayers: players,
        multipleGamerTags: Array.from({ length: players }, (_, i) => `P${op}_${i}`),
        promoCode,
        paymentMethod: method,
      },
      "http://localhost",
      late ? new Date(Date.now() - 11 * 60_000) : new Date(),
    );
    if (promoCode) this.count("promo");
    if (placed.status === "paid") {
      if (method === "wallet") this.credit(buyer.user.id, -placed.amountMinor);
      this.confirmed.push({ bookingId: placed.bookingId, userId: buyer.user.id });
      this.count(placed.amountMinor === 0 ? "free" : "wallet");
    } else if (placed.sessionId) {
      const card = { ...placed, sessionId: placed.sessionId, buyer: buyer.user };
      await this.checkoutFate(card, viewer, late, op);
    }
  }

  /** A card checkout is cancelled, left held, paid now, or paid late (when its seat may have gone to someone else). */
  private async checkoutFate(card: CardOrder, viewer: Viewer, late: boolean, op: number) {
    const fate = this.random();
    if (fate < 0.15) {
      await cancelCheckout(env, viewer, card.orderId);
      this.count("checkout-cancelled");
    } else if (fate < 0.25 && !late) {
      this.count("left-held");
    } else if (late) {
      this.lateQueue.push({ ...card, due: op + 2 + Math.floor(this.random() * 8) });
    } else {
      await this.settleCard(card, false);
    }
  }

  /** A fan cancels one of their confirmed bookings, refunded as the policy says. */
  private async cancel() {
    const index = Math.floor(this.random() * this.confirmed.length);
    const booking = this.confirmed[index] as { bookingId: string; userId: string };
    const owner = this.fans.find((f) => f.user.id === booking.userId);
    if (!owner) throw new Error("owner");
    const outcome = await cancelBooking(env, viewerOf(owner.user), booking.bookingId);
    this.confirmed.splice(index, 1);
    this.credit(booking.userId, outcome.refundedMinor);
    this.count(`cancel-${outcome.tier}`);
  }
}
