import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "~tests/factories";
import { walletBalance, walletRefundStatements } from "./ledger.server";

async function paidOrder() {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 86_400_000));
  const fan = await createUser(env.DB);
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
  return { fan, orderId: booking.orderId };
}

async function orderRow(id: string) {
  return env.DB.prepare("SELECT status, refunded_minor FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; refunded_minor: number }>();
}

describe("walletRefundStatements", () => {
  it("credits the buyer and raises refunded_minor in one batch, partial then full", async () => {
    const db = getDb(env);
    const { fan, orderId } = await paidOrder();
    const refund = { orderId, userId: fan.id, currency: "USD" as const, reason: "test" };
    await db.batch(walletRefundStatements(db, { ...refund, amountMinor: 400 }));
    expect(await orderRow(orderId)).toEqual({ status: "partially_refunded", refunded_minor: 400 });
    expect(await walletBalance(db, fan.id, "USD")).toBe(400);
    await db.batch(walletRefundStatements(db, { ...refund, amountMinor: 600 }));
    expect(await orderRow(orderId)).toEqual({ status: "refunded", refunded_minor: 1000 });
    expect(await walletBalance(db, fan.id, "USD")).toBe(1000);
  });

  it("refuses a refund beyond the amount paid and writes nothing of it", async () => {
    const db = getDb(env);
    const { fan, orderId } = await paidOrder();
    const refund = { orderId, userId: fan.id, currency: "USD" as const, reason: "test" };
    await db.batch(walletRefundStatements(db, { ...refund, amountMinor: 700 }));
    await expect(db.batch(walletRefundStatements(db, { ...refund, amountMinor: 301 }))).rejects.toThrow();
    expect(await orderRow(orderId)).toEqual({ status: "partially_refunded", refunded_minor: 700 });
    expect(await walletBalance(db, fan.id, "USD")).toBe(700);
    const refunds = await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").bind(orderId).first();
    expect(refunds).toEqual({ n: 1 });
  });
});
