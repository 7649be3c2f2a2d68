import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";

/** The invariants both randomized ledger runs end with (booking-ledger.test.ts, money-ledger.test.ts). */

/** The number a `SELECT count(*) AS n` query answers. */
export const countOf = async (sql: string) => Number((await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0);

/** Every fan's wallet holds what the run counted the use cases made it owe, never below zero. */
export async function expectWalletsAsCounted(run: {
  seed: number;
  fans: { user: { id: string } }[];
  expected: Map<string, number>;
}) {
  for (const f of run.fans) {
    const balance = await walletBalance(getDb(env), f.user.id, "USD");
    expect(balance, `wallet of ${f.user.id} (seed ${run.seed})`).toBe(run.expected.get(f.user.id));
    expect(balance).toBeGreaterThanOrEqual(0);
  }
}

/** No order is refunded beyond its amount, and each order's refunded sum is its succeeded refunds'. */
export async function expectRefundsWithinPayments() {
  expect(
    await countOf("SELECT count(*) AS n FROM orders WHERE refunded_minor > amount_minor OR refunded_minor < 0"),
  ).toBe(0);
  expect(
    await countOf(
      "SELECT count(*) AS n FROM orders o WHERE o.refunded_minor <> (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded')",
    ),
  ).toBe(0);
}
