import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getSlot } from "~/features/seats/slots.server";
import { getDb } from "~/platform/db.server";
import { type BookingLedgerRun, bookingLedgerRun } from "./booking-ledger-run";
import { countOf, expectRefundsWithinPayments, expectWalletsAsCounted } from "./ledger-checks";

/**
 * The ledger under a randomized sequence of at least 1,000 operations (card bookings paid through the webhook
 * or the success door, left held or cancelled at checkout, late payments, wallet payments, promo uses, top-ups
 * and the fan's cancellations under the policy), all through the app's use cases and HTTP doors. Afterwards:
 * every wallet equals the sum the use cases reported (top-ups - wallet payments + refunds), no order is
 * refunded beyond its amount, and seats taken never exceed seats on any slot.
 */
/** No promo code was used more often than its limit. */
async function expectPromoLimitsKept() {
  expect(
    await countOf(
      "SELECT count(*) AS n FROM promo_codes p WHERE p.max_uses IS NOT NULL AND (SELECT count(*) FROM promo_redemptions r WHERE r.promo_code_id = p.id) > p.max_uses",
    ),
  ).toBe(0);
}

/** Seats taken (confirmed or held in time) never exceed a slot's seats. */
async function expectSeatsWithinEachSlot(run: BookingLedgerRun) {
  for (const slotId of run.slots) {
    const slot = await getSlot(getDb(env), slotId);
    const taken = await env.DB.prepare(
      "SELECT coalesce(sum(seats), 0) AS n FROM bookings WHERE slot_id = ? AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ?))",
    )
      .bind(slotId, Date.now())
      .first<{ n: number }>();
    expect(taken?.n ?? 0, `slot ${slotId} (seed ${run.seed})`).toBeLessThanOrEqual(slot.seats);
  }
}

describe("randomized ledger", () => {
  it("keeps every wallet, refund and seat invariant over 1,000 operations", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const run = await bookingLedgerRun(seed);
    for (let op = 0; op < 1000; op++) await run.randomOperation(op);
    await run.settleLatePayments();
    console.log(`ledger seed ${seed}`, run.counts);

    await expectWalletsAsCounted(run);
    await expectRefundsWithinPayments();
    await expectPromoLimitsKept();
    await expectSeatsWithinEachSlot(run);
    for (const kind of ["card", "wallet", "promo", "topup", "cancel-full"])
      expect(run.counts[kind] ?? 0, kind).toBeGreaterThan(0);
  }, 300_000);
});
