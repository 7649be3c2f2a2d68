import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelSlot } from "~/features/slots/slots.server";
import { removeStreamer } from "~/features/staff-streamers/streamers.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { AppError } from "~/lib/errors";
import { formatMoney, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { createUser, viewerOf } from "~tests/factories";
import { confirmedBooking } from "~tests/support/booked-slot";
import { cancelBooking } from "./cancel.server";
import {
  type Canceller,
  cancellationTerms,
  FULL_REFUND_BEFORE_MS,
  PARTIAL_REFUND_BEFORE_MS,
  PARTIAL_REFUND_PERCENT,
  REFUND_CHOICE_TEXT,
} from "./cancellation-policy";
import { offersRefundChoice, refundPreview } from "./components/cancel-booking";
import { getOrder } from "./orders.server";

/**
 * The Cancel button (the order's `canCancel`), the cancel dialog's words and the use cases agree with the policy
 * (cancellation-policy.ts) at each of its boundaries, for the buyer, the slot's streamer and staff.
 */

const HOUR = 3_600_000;
const START = new Date("2027-06-01T18:00:00Z");
const PAID = 1000;

async function bookingStatus(bookingId: string) {
  const row = await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(bookingId).first<{
    status: string;
  }>();
  return row?.status;
}

async function outcomeOf<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { ok: false as const, error };
    },
  );
}

const usd = (minor: number) => formatMoney(money(minor, "USD"));

describe("the buyer: button, dialog and use case agree at the policy's boundaries", () => {
  const cases = [
    { when: "just over 24 h before the start", before: FULL_REFUND_BEFORE_MS + 1, tier: "full", refunded: PAID },
    { when: "exactly 24 h before the start", before: FULL_REFUND_BEFORE_MS, tier: "partial", refunded: PAID / 2 },
    {
      when: "just under 24 h before the start",
      before: FULL_REFUND_BEFORE_MS - 1,
      tier: "partial",
      refunded: PAID / 2,
    },
    { when: "exactly 2 h before the start", before: PARTIAL_REFUND_BEFORE_MS, tier: "partial", refunded: PAID / 2 },
    { when: "just under 2 h before the start", before: PARTIAL_REFUND_BEFORE_MS - 1, tier: "none", refunded: 0 },
    { when: "1 ms before the start", before: 1, tier: "none", refunded: 0 },
    { when: "at the start", before: 0, tier: null, refunded: 0 },
    { when: "an hour after the start", before: -HOUR, tier: null, refunded: 0 },
  ] as const;

  for (const c of cases) {
    it(`${c.when}: ${c.tier ?? "not cancellable"}`, async () => {
      const { streamer, fan, booking } = await confirmedBooking(START);
      const now = new Date(START.getTime() - c.before);
      const order = await getOrder(env, viewerOf(fan), booking.orderId, now);
      const dialog = refundPreview(START, PAID, 0, "USD", "card", now);
      const result = await outcomeOf(cancelBooking(env, viewerOf(fan), booking.id, now));

      // The button shows exactly when the use case accepts, and the streamer's view of the order has none.
      expect(order.canCancel).toBe(c.tier !== null);
      expect((await getOrder(env, viewerOf(streamer), booking.orderId, now)).canCancel).toBe(false);
      expect(result.ok).toBe(c.tier !== null);
      if (!result.ok) {
        expect(result.error.status).toBe(409);
        expect(await bookingStatus(booking.id)).toBe("confirmed");
        return;
      }
      expect(result.value).toMatchObject({ tier: c.tier, refundedMinor: c.refunded });
      expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(c.refunded);
      // The dialog promised what the use case refunded, in the policy's own words.
      expect(offersRefundChoice(START, PAID, 0, "card", now)).toBe(c.refunded > 0);
      if (c.tier === "full") expect(dialog).toBe(`You get a full refund of ${usd(c.refunded)}, ${REFUND_CHOICE_TEXT}.`);
      if (c.tier === "partial") {
        expect(dialog).toBe(
          `The session starts within ${FULL_REFUND_BEFORE_MS / HOUR} hours: you get a ${PARTIAL_REFUND_PERCENT}% refund of ${usd(c.refunded)}, ${REFUND_CHOICE_TEXT}.`,
        );
      }
      if (c.tier === "none") {
        expect(dialog).toBe(
          `The session starts in less than ${PARTIAL_REFUND_BEFORE_MS / HOUR} hours: there is no refund.`,
        );
      }
    });
  }

  it("another fan sees no button and the use case answers as for a missing booking", async () => {
    const { booking } = await confirmedBooking(START);
    const stranger = await createUser(env.DB);
    const now = new Date(START.getTime() - 48 * HOUR);
    expect(
      cancellationTerms("buyer", { status: "confirmed", startsAt: START, awaitingMove: false }, now),
    ).toMatchObject({ allowed: true });
    const result = await outcomeOf(cancelBooking(env, viewerOf(stranger), booking.id, now));
    expect(result.ok ? null : result.error.status).toBe(404);
    expect(await bookingStatus(booking.id)).toBe("confirmed");
  });
});

describe("the streamer and staff: the policy and their use cases agree", () => {
  const cases: { by: Exclude<Canceller, "buyer">; before: number; allowed: boolean }[] = [
    { by: "streamer", before: FULL_REFUND_BEFORE_MS + HOUR, allowed: true },
    { by: "streamer", before: PARTIAL_REFUND_BEFORE_MS - 1, allowed: true },
    { by: "streamer", before: -HOUR, allowed: true },
    { by: "staff", before: PARTIAL_REFUND_BEFORE_MS - 1, allowed: true },
    { by: "staff", before: 1, allowed: true },
    { by: "staff", before: 0, allowed: false },
  ];

  for (const c of cases) {
    const terms = (now: Date) =>
      cancellationTerms(c.by, { status: "confirmed", startsAt: START, awaitingMove: false }, now);
    it(`${c.by}, ${c.before} ms before the start: ${c.allowed ? "full refund" : "not cancellable"}`, async () => {
      const { streamer, slot, fan, booking } = await confirmedBooking(START);
      const now = new Date(START.getTime() - c.before);
      const expected = terms(now);
      expect(expected.allowed).toBe(c.allowed);
      if (c.by === "streamer") {
        await cancelSlot(env, viewerOf(streamer), slot.id, now);
      } else {
        const admin = await createUser(env.DB, { role: "admin" });
        await removeStreamer(env, viewerOf(admin), streamer.id, { removeClean: true }, now);
      }
      // Whatever the buyer's tier would be, the streamer's and staff's cancellations refund in full.
      if (expected.allowed) expect(expected.tier).toBe("full");
      expect(await bookingStatus(booking.id)).toBe(c.allowed ? "cancelled" : "confirmed");
      expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(c.allowed ? PAID : 0);
    });
  }

  it("the streamer may cancel after the start; staff and the buyer may not", () => {
    const after = new Date(START.getTime() + HOUR);
    const booking = { status: "confirmed", startsAt: START, awaitingMove: false } as const;
    expect(cancellationTerms("streamer", booking, after)).toMatchObject({ allowed: true, tier: "full" });
    expect(cancellationTerms("staff", booking, after)).toEqual({ allowed: false, reason: "too_late" });
    expect(cancellationTerms("buyer", booking, after)).toEqual({ allowed: false, reason: "too_late" });
    expect(cancellationTerms("streamer", { status: "held", startsAt: START, awaitingMove: false }, after)).toEqual({
      allowed: false,
      reason: "not_confirmed",
    });
  });
});
