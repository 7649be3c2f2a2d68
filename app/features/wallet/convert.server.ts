import { sql } from "drizzle-orm";
import { getDb } from "~/platform/db.server";
import { walletConversionStatements } from "./ledger.server";

/** How many fans' wallets one sweep converts at most (each is one batch). */
const SWEEP_LIMIT = 50;

/**
 * Wallets holding money outside their fan's currency (docs/decisions/020): a refund of an order paid before the fan
 * changed country lands in the order's currency; the every-minute sweep converts it into the wallet's currency
 * (walletConversionStatements, one batch per fan). Returns the fans whose wallets it converted.
 */
export async function convertStrayBalances(env: Env, now = new Date(), limit = SWEEP_LIMIT): Promise<string[]> {
  const db = getDb(env);
  const stray = await db.all<{ user_id: string }>(sql`
    SELECT w.user_id FROM wallet_entries w JOIN users u ON u.id = w.user_id
    WHERE w.currency <> u.base_currency
    GROUP BY w.user_id, w.currency HAVING sum(w.amount_minor) > 0
    LIMIT ${limit}`);
  const converted: string[] = [];
  for (const { user_id: userId } of stray) {
    const [first, ...rest] = walletConversionStatements(db, userId, now);
    if (!first) continue;
    await db.batch([first, ...rest]);
    converted.push(userId);
  }
  return converted;
}
