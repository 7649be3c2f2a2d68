import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverDueMessages } from "~/features/messages/deliver.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { failNextEmails, readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createBooking, createUser, viewerOf } from "~tests/factories";
import { bookedSlot, confirmedBooking } from "~tests/support/booked-slot";
import { rejection } from "~tests/support/rejection";
import { cancelBooking } from "./cancel.server";
import { refundSlotBookingsInFull } from "./slot-cancel.server";

const HOUR = 3_600_000;
const START = new Date("2027-03-01T18:00:00Z");

async function state(bookingId: string) {
  return env.DB.prepare(
    `SELECT b.status AS booking, o.status AS "order", o.refunded_minor AS refunded,
       (SELECT count(*) FROM refunds r WHERE r.order_id = o.id) AS refunds,
       (SELECT count(*) FROM wallet_entries w WHERE w.order_id = o.id) AS entries
     FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = ?`,
  )
    .bind(bookingId)
    .first();
}

describe("cancelBooking: the policy tiers at their boundaries", () => {
  const cases = [
    { when: "24 h + 1 ms", at: START.getTime() - 24 * HOUR - 1, tier: "full", refunded: 1000, order: "refunded" },
    {
      when: "exactly 24 h",
      at: START.getTime() - 24 * HOUR,
      tier: "partial",
      refunded: 500,
      order: "partially_refunded",
    },
    {
      when: "exactly 2 h",
      at: START.getTime() - 2 * HOUR,
      tier: "partial",
      refunded: 500,
      order: "partially_refunded",
    },
    { when: "2 h - 1 ms", at: START.getTime() - 2 * HOUR + 1, tier: "none", refunded: 0, order: "paid" },
    { when: "1 ms", at: START.getTime() - 1, tier: "none", refunded: 0, order: "paid" },
  ] as const;

  for (const c of cases) {
    it(`${c.when} before the start: ${c.tier}`, async () => {
      const { fan, booking } = await confirmedBooking(START);
      const outcome = await cancelBooking(env, viewerOf(fan), booking.id, new Date(c.at));
      expect(outcome).toMatchObject({ tier: c.tier, refundedMinor: c.refunded, currency: "USD" });
      expect(await state(booking.id)).toEqual({
        booking: "cancelled",
        order: c.order,
        refunded: c.refunded,
        refunds: c.refunded > 0 ? 1 : 0,
        entries: c.refunded > 0 ? 1 : 0,
      });
      expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(c.refunded);
      const note = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?").bind(fan.id).first();
      expect(note?.title).toContain("Booking cancelled");
    });
  }

  it("refuses once the slot has started, and leaves everything as it was", async () => {
    const { fan, booking } = await confirmedBooking(START);
    const error = await rejection(cancelBooking(env, viewerOf(fan), booking.id, START));
    expect(error.status).toBe(409);
    expect(await state(booking.id)).toMatchObject({ booking: "confirmed", order: "paid", refunded: 0 });
  });
});

describe("cancelBooking: who and what", () => {
  it("answers 404 for someone else's booking and a missing one, without writing", async () => {
    const { booking } = await confirmedBooking(START);
    const stranger = await createUser(env.DB);
    const before = new Date(START.getTime() - 48 * HOUR);
    expect((await rejection(cancelBooking(env, viewerOf(stranger), booking.id, before))).status).toBe(404);
    expect((await rejection(cancelBooking(env, viewerOf(stranger), "nope", before))).status).toBe(404);
    expect(await state(booking.id)).toMatchObject({ booking: "confirmed", refunded: 0 });
  });

  it("refuses a held booking (nothing paid yet)", async () => {
    const { slot } = await bookedSlot(START);
    const fan = await createUser(env.DB);
    const held = await createBooking(env.DB, slot, fan.id, "held");
    const error = await rejection(cancelBooking(env, viewerOf(fan), held.id, new Date(START.getTime() - 48 * HOUR)));
    expect(error.status).toBe(409);
  });

  it("two concurrent cancellations refund once", async () => {
    const { fan, booking } = await confirmedBooking(START);
    const at = new Date(START.getTime() - 10 * HOUR);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => cancelBooking(env, viewerOf(fan), booking.id, at)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await state(booking.id)).toEqual({
      booking: "cancelled",
      order: "partially_refunded",
      refunded: 500,
      refunds: 1,
      entries: 1,
    });
    expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(500);
  });

  it("the partial tier rounds once, in the fan's favour", async () => {
    // An odd amount paid, so that half of it needs rounding.
    const { fan, booking } = await confirmedBooking(START, 999);
    const outcome = await cancelBooking(env, viewerOf(fan), booking.id, new Date(START.getTime() - 3 * HOUR));
    expect(outcome.refundedMinor).toBe(500);
  });
});

describe("refundSlotBookingsInFull", () => {
  it("refunds every confirmed buyer in full, once each, and notifies them", async () => {
    const { streamer, slot } = await bookedSlot(START, 4);
    const fans = await Promise.all([createUser(env.DB), createUser(env.DB), createUser(env.DB)]);
    const [a, b, c] = fans as [(typeof fans)[0], (typeof fans)[0], (typeof fans)[0]];
    const first = await createBooking(env.DB, slot, a.id, "confirmed");
    const second = await createBooking(env.DB, slot, b.id, "confirmed", 2);
    const held = await createBooking(env.DB, slot, c.id, "held");

    const [once, twice] = await Promise.all([
      refundSlotBookingsInFull(env, slot.id, "Cancelled by the creator", streamer.id, new Date()),
      refundSlotBookingsInFull(env, slot.id, "Cancelled by the creator", streamer.id, new Date()),
    ]);
    expect(once.length + twice.length).toBe(2);
    expect(await refundSlotBookingsInFull(env, slot.id, "again", streamer.id, new Date())).toEqual([]);
    const sent = (await readOutbox(env.PRIVATE_FILES)).filter((m) => [a.email, b.email, c.email].includes(m.to));
    expect(sent.map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
    expect(sent.find((m) => m.to === b.email)?.text).toContain("You got a full refund of $20");

    expect(await state(first.id)).toMatchObject({
      booking: "cancelled",
      order: "refunded",
      refunded: 1000,
      refunds: 1,
    });
    expect(await state(second.id)).toMatchObject({
      booking: "cancelled",
      order: "refunded",
      refunded: 2000,
      refunds: 1,
    });
    // The unpaid hold is released with the slot (nothing was paid, so nothing is refunded).
    expect(await state(held.id)).toMatchObject({ booking: "expired", order: "cancelled", refunds: 0 });
    const db = getDb(env);
    expect(await walletBalance(db, a.id, "USD")).toBe(1000);
    expect(await walletBalance(db, b.id, "USD")).toBe(2000);
    const notes = await env.DB.prepare(
      "SELECT user_id, type FROM notifications WHERE user_id IN (?, ?, ?) ORDER BY user_id",
    )
      .bind(a.id, b.id, c.id)
      .all();
    expect(notes.results).toHaveLength(2);
    expect(notes.results.every((n) => n.type === "booking")).toBe(true);
  });

  it("a failing email does not hold back the refunds, and is delivered once by the sweep", async () => {
    const { streamer, slot } = await bookedSlot(START, 4);
    const fans = await Promise.all([createUser(env.DB), createUser(env.DB), createUser(env.DB)]);
    for (const fan of fans) await createBooking(env.DB, slot, fan.id, "confirmed");
    await failNextEmails(env.PRIVATE_FILES, 3);
    const now = new Date();
    const refunded = await refundSlotBookingsInFull(env, slot.id, "Cancelled by the creator", streamer.id, now);
    expect(refunded).toHaveLength(3);
    for (const fan of fans) expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(1000);
    const inbox = async () =>
      (await readOutbox(env.PRIVATE_FILES)).filter((m) => fans.some((fan) => fan.email === m.to));
    expect(await inbox()).toHaveLength(0);
    // Not due yet: the sweep leaves them; once due, each is delivered, and a second sweep sends nothing more.
    expect((await deliverDueMessages(env, now)).sent).toHaveLength(0);
    const later = new Date(now.getTime() + 60 * 60_000);
    expect((await deliverDueMessages(env, later)).sent).toHaveLength(3);
    expect((await deliverDueMessages(env, later)).sent).toHaveLength(0);
    expect((await inbox()).map((m) => m.to).sort()).toEqual(fans.map((fan) => fan.email).sort());
  });
});
