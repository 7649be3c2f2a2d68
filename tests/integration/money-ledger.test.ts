import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { streamerBalance } from "~/features/payouts/balance.server";
import { sweepOwedWork } from "~workers/jobs";
import { countOf, expectRefundsWithinPayments, expectWalletsAsCounted } from "./ledger-checks";
import { HOUR, type LedgerRun, ledgerRun } from "./money-ledger-run";

/**
 * The money paths together, randomized (seed printed; LEDGER_SEED replays one): card and wallet bookings (some paid
 * late), fans' cancellations, streamers cancelling slots, VIP places bought from the wallet or with a VIP pass (bought from the wallet or by card) and sessions ended
 * with places unserved (money or the pass's use back), session packs bought by card (the card's top-up paying them
 * from the wallet, ADR 040; some checkouts cancelled, some doors replayed) and booked with their credits (cancelled:
 * the credit back), refunds whose first attempts fail (a flaky database) and are retried by the sweep, staff validating,
 * paying out and completing payouts, and cancellations attempted after a payout. Afterwards: every wallet equals what
 * the use cases made it owe, every refund owed was carried out exactly once and never beyond its payment, seats never
 * exceed a slot's, and the streamer's earnings equal completed payouts plus what remains, to the minor unit.
 */
/** Whatever is still owed is carried out by the sweep. */
async function sweepWhatIsOwed() {
  for (let hour = 1; hour <= 3; hour++) await sweepOwedWork(env, new Date(Date.now() + hour * 2 * HOUR));
}

/** Every refund owed was carried out, once, and never beyond its payment; every email went out. */
async function expectEveryRefundCarriedOutOnce(seed: number) {
  const stuck = await env.DB.prepare(
    "SELECT r.status, r.attempts, r.last_error, r.reason, o.status AS order_status, o.validated_at FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.status <> 'succeeded'",
  ).all();
  expect(stuck.results, `seed ${seed}`).toEqual([]);
  // Money back to the wallet, or (a pass's VIP place, a pack credit's booking) the use or the credit back: one, once.
  expect(
    await countOf(
      `SELECT count(*) AS n FROM refunds r WHERE (SELECT count(*) FROM wallet_entries w WHERE w.refund_id = r.id)
        + (SELECT count(*) FROM pass_entries p WHERE p.order_id = r.order_id AND p.kind = 'return')
        + (SELECT count(*) FROM pack_credit_entries c WHERE c.order_id = r.order_id AND c.kind = 'return') <> 1`,
    ),
  ).toBe(0);
  await expectRefundsWithinPayments();
  expect(await countOf("SELECT count(*) AS n FROM outbox_messages WHERE status <> 'sent'"), `seed ${seed}`).toBe(0);
}

/** Seats never exceed a slot's (the one seats-taken rule). */
async function expectSeatsWithinEachSlot() {
  expect(
    await countOf(
      `SELECT count(*) AS n FROM slots s WHERE (SELECT coalesce(sum(b.seats), 0) FROM bookings b WHERE b.slot_id = s.id
         AND (b.status IN ('confirmed', 'completed', 'no_show') OR (b.status = 'held' AND b.hold_expires_at > ${Date.now()}))) > s.seats`,
    ),
  ).toBe(0);
}

/** Earnings (net) = completed payouts + what remains, to the minor unit; something was paid out. */
async function expectEarningsEqualPayoutsAndWhatRemains(run: LedgerRun) {
  const balance = await streamerBalance(env, run.streamer, run.world.streamer.id);
  expect(balance.earned, `seed ${run.seed}: ${JSON.stringify(balance)}`).toBe(
    balance.paidOut + balance.inPayouts + balance.payable + balance.toValidate,
  );
  expect(balance.paidOut).toBeGreaterThan(0);
}

/**
 * Every fan's VIP pass places are what the run counted (bought, used, given back), each pass's balance the sum of its
 * entries, never below zero, and every place a pass paid for either still in use, served, or given back once.
 */
async function expectPassesAsCounted(run: LedgerRun) {
  for (const f of run.fans) {
    const row = await env.DB.prepare("SELECT coalesce(sum(uses), 0) AS uses FROM pass_entries WHERE user_id = ?")
      .bind(f.user.id)
      .first<{ uses: number }>();
    expect(row?.uses, `pass places of ${f.user.id} (seed ${run.seed})`).toBe(run.expectedUses.get(f.user.id) ?? 0);
  }
  expect(
    await countOf(
      "SELECT count(*) AS n FROM pass_purchases p WHERE (SELECT sum(e.uses) FROM pass_entries e WHERE e.pass_id = p.id) < 0",
    ),
  ).toBe(0);
  // A pass's order is refunded exactly when its use came back, and the two carry the same value.
  expect(
    await countOf(
      `SELECT count(*) AS n FROM pass_entries u JOIN orders o ON o.id = u.order_id WHERE u.kind = 'use'
        AND (o.status = 'refunded') <> EXISTS (SELECT 1 FROM pass_entries b WHERE b.order_id = o.id AND b.kind = 'return'
          AND b.value_minor = -u.value_minor)`,
    ),
  ).toBe(0);
}

/**
 * Every fan's pack credits are what the run counted (bought by card, used, given back), each pack's balance the sum of
 * its entries and never below zero; and everything bought by card was bought exactly once: a paid pack or pass has
 * one wallet debit and one purchase entry and its card top-up one wallet credit of the same amount, an unbought one
 * neither, and none is left waiting (ADR 040).
 */
async function expectCardPurchasesAsCounted(run: LedgerRun) {
  for (const f of run.fans) {
    const row = await env.DB.prepare(
      "SELECT coalesce(sum(credits), 0) AS credits FROM pack_credit_entries WHERE user_id = ?",
    )
      .bind(f.user.id)
      .first<{ credits: number }>();
    expect(row?.credits, `pack credits of ${f.user.id} (seed ${run.seed})`).toBe(
      run.expectedCredits.get(f.user.id) ?? 0,
    );
  }
  expect(
    await countOf(
      "SELECT count(*) AS n FROM pack_purchases p WHERE (SELECT sum(e.credits) FROM pack_credit_entries e WHERE e.pack_id = p.id) < 0",
    ),
  ).toBe(0);
  for (const [table, column, entries] of [
    ["pack_purchases", "pack_id", "pack_credit_entries"],
    ["pass_purchases", "pass_id", "pass_entries"],
  ] as const) {
    expect(await countOf(`SELECT count(*) AS n FROM ${table} WHERE status = 'pending_payment'`), table).toBe(0);
    expect(
      await countOf(
        `SELECT count(*) AS n FROM ${table} p WHERE p.order_id IS NOT NULL AND (
          (SELECT count(*) FROM wallet_entries w WHERE w.${column} = p.id AND w.amount_minor = -p.amount_minor)
            <> (p.status = 'paid')
          OR (SELECT count(*) FROM ${entries} e WHERE e.${column} = p.id AND e.kind = 'purchase') <> (p.status = 'paid')
          OR (SELECT count(*) FROM wallet_entries t WHERE t.order_id = p.order_id AND t.kind = 'topup'
              AND t.amount_minor = p.amount_minor) <> (p.status = 'paid'))`,
      ),
      `${table} bought by card exactly once (seed ${run.seed})`,
    ).toBe(0);
  }
}

/** The run took every path the invariants are about. */
function expectEveryPathTaken(run: LedgerRun) {
  for (const kind of [
    "wallet",
    "card",
    "topup",
    "vip",
    "streamer-cancel-flaky",
    "session-ended",
    "payout",
    "pass-bought",
    "vip-pass",
    "pack-card",
    "pass-card",
    "credit-booked",
  ]) {
    expect(run.counts[kind] ?? 0, `${kind} (seed ${run.seed})`).toBeGreaterThan(0);
  }
}

describe("the money ledger, all paths together", () => {
  it("keeps wallets, refunds, seats and earnings = payouts over randomized operations", async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const run = await ledgerRun(seed);
    for (let op = 0; op < 400; op++) await run.randomOperation(op);
    await sweepWhatIsOwed();
    console.log(`money ledger seed ${seed}`, run.counts);

    await expectEveryRefundCarriedOutOnce(seed);
    await expectWalletsAsCounted(run);
    await expectPassesAsCounted(run);
    await expectCardPurchasesAsCounted(run);
    await expectSeatsWithinEachSlot();
    await expectEarningsEqualPayoutsAndWhatRemains(run);
    expectEveryPathTaken(run);
  }, 300_000);
});
