import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listUserOrders } from "~/features/booking/orders.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { streamerOrders } from "~/features/streamer/orders.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { listOwedRefunds, retryOwedRefund } from "~/features/wallet/refunds.server";
import { getDb } from "~/platform/db.server";
import { failNextEmails, readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { REFUND_MAX_ATTEMPTS } from "~db/schema";
import { runJobs, sweepOwedWork } from "~workers/jobs";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  viewerOf,
} from "../factories";
import { failingBatches } from "../support/faulty-d1";

const START = new Date(Date.now() + 7 * 24 * 3_600_000);
const SETTLE = /update "refunds" set "status"/i;

async function bookedSlot() {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const slot = await createSlot(env.DB, streamer.id, gig.id, START, { seats: 4 });
  const fans = [await createUser(env.DB), await createUser(env.DB)];
  const bookings = [];
  for (const fan of fans)
    bookings.push(await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed"));
  const finance = await createUser(env.DB, { role: "finance" });
  return { streamer, slot, fans, bookings, finance };
}

async function counts(orderId: string) {
  return env.DB.prepare(
    `SELECT o.status, o.refunded_minor AS refunded,
       (SELECT count(*) FROM refunds r WHERE r.order_id = o.id) AS refunds,
       (SELECT count(*) FROM wallet_entries w WHERE w.order_id = o.id AND w.kind = 'refund') AS credits
     FROM orders o WHERE o.id = ?`,
  )
    .bind(orderId)
    .first();
}

/** A queue batch of the JOBS consumer, as the runtime hands it over. */
function jobsBatch(bodies: unknown[]): MessageBatch {
  return {
    queue: "noobrd-jobs",
    messages: bodies.map((body, index) => ({
      id: String(index),
      timestamp: new Date(),
      attempts: 1,
      body,
      ack() {},
      retry() {},
    })),
    ackAll() {},
    retryAll() {},
  } as unknown as MessageBatch;
}

describe("refunds owed by a streamer's cancellation", () => {
  it("are written with the cancellation, shown while pending, and carried out exactly once after failures", async () => {
    const { streamer, slot, fans, bookings, finance } = await bookedSlot();
    const failures = { left: 2 };
    const flaky = { ...env, DB: failingBatches(env.DB, SETTLE, failures) } as Env;
    await failNextEmails(env.PRIVATE_FILES, 2);
    const now = new Date();

    const cancelled = await cancelSlot(flaky, viewerOf(streamer), slot.id, now);
    expect(cancelled.refunded).toBe(2);
    expect(failures.left).toBe(0);

    // Owed, not lost: the bookings are cancelled and each order owes one pending refund; no money moved yet.
    for (const booking of bookings) {
      expect(await counts(booking.orderId)).toMatchObject({ status: "paid", refunded: 0, refunds: 1, credits: 0 });
    }
    for (const fan of fans) expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(0);
    // ... and visible to the fan, the streamer and finance staff.
    const fanOrders = await listUserOrders(
      env,
      viewerOf(fans[0] as (typeof fans)[0]),
      (fans[0] as (typeof fans)[0]).id,
      { page: 1, limit: 10 },
    );
    expect(fanOrders.orders[0]?.statusText).toBe("refund pending");
    const ordersOfStreamer = await streamerOrders(env, viewerOf(streamer), streamer.id, { page: 1, limit: 10 });
    expect(ordersOfStreamer.orders.map((o) => o.statusText)).toEqual(["refund pending", "refund pending"]);
    const owed = await listOwedRefunds(env, viewerOf(finance));
    expect(owed).toHaveLength(2);
    expect(owed.every((r) => r.attempts === 1 && r.status === "pending" && r.lastError?.includes("test fault"))).toBe(
      true,
    );
    // The fans were told the refund is under way (notifications delivered; the emails failed and wait).
    const notes = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
      .bind((fans[0] as (typeof fans)[0]).id)
      .all<{ title: string }>();
    expect(notes.results.map((n) => n.title)).toEqual([
      "Your session is cancelled (the streamer cancelled it); your full refund to your wallet is under way",
    ]);
    const inbox = async () => (await readOutbox(env.PRIVATE_FILES)).filter((m) => fans.some((f) => f.email === m.to));
    expect(await inbox()).toHaveLength(0);

    // The JOBS consumer retries the refunds; then the cron's sweep delivers what is due.
    await runJobs(env, jobsBatch(owed.map((r) => ({ job: "refund", id: r.refundId }))));
    await sweepOwedWork(env, new Date(now.getTime() + 2 * 3_600_000));
    await sweepOwedWork(env, new Date(now.getTime() + 4 * 3_600_000));
    await runJobs(env, jobsBatch(owed.map((r) => ({ job: "refund", id: r.refundId }))));

    for (const booking of bookings) {
      expect(await counts(booking.orderId)).toMatchObject({
        status: "refunded",
        refunded: 1000,
        refunds: 1,
        credits: 1,
      });
    }
    for (const fan of fans) expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(1000);
    expect(await listOwedRefunds(env, viewerOf(finance))).toHaveLength(0);
    expect(
      (
        await listUserOrders(env, viewerOf(fans[0] as (typeof fans)[0]), (fans[0] as (typeof fans)[0]).id, {
          page: 1,
          limit: 10,
        })
      ).orders[0]?.statusText,
    ).toBe("refunded");
    // Every message exactly once: the cancellation and, since the fan was told it was pending, "refund done".
    const mail = await inbox();
    for (const fan of fans) {
      const subjects = mail.filter((m) => m.to === fan.email).map((m) => m.subject);
      expect(subjects).toHaveLength(2);
      expect(subjects).toContain("Your refund is in your wallet");
      expect(subjects.some((subject) => /^Cancelled: Gig .*, full refund to your wallet$/.test(subject))).toBe(true);
    }
    const done = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title LIKE 'Your refund of%'",
    )
      .bind((fans[0] as (typeof fans)[0]).id)
      .first<{ n: number }>();
    expect(done?.n).toBe(1);
  });

  it("a refund whose retries run out is failed, listed for finance, and a retry carries it out once", async () => {
    const { streamer, slot, bookings, finance } = await bookedSlot();
    const failures = { left: 2 * REFUND_MAX_ATTEMPTS };
    const flaky = { ...env, DB: failingBatches(env.DB, SETTLE, failures) } as Env;
    const now = new Date();
    await cancelSlot(flaky, viewerOf(streamer), slot.id, now);
    for (let hour = 1; hour <= REFUND_MAX_ATTEMPTS; hour++) {
      await sweepOwedWork(flaky, new Date(now.getTime() + hour * 3_600_000));
    }
    const owed = await listOwedRefunds(env, viewerOf(finance));
    expect(owed.map((r) => r.status)).toEqual(["failed", "failed"]);
    // A fan or streamer cannot see staff's list.
    await expect(listOwedRefunds(env, viewerOf(streamer))).rejects.toMatchObject({ status: 403 });
    for (const refund of owed)
      expect(await retryOwedRefund(env, viewerOf(finance), refund.refundId)).toEqual({ settled: true });
    await expect(retryOwedRefund(env, viewerOf(finance), (owed[0] as (typeof owed)[0]).refundId)).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    for (const booking of bookings) {
      expect(await counts(booking.orderId)).toMatchObject({ status: "refunded", refunds: 1, credits: 1 });
    }
  });
});
