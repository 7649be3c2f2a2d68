import { desc, eq, sql } from "drizzle-orm";
import type { CurrencyCode } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { type WalletEntryKind, walletEntries } from "~db/schema";

const WALLET_HISTORY_LIMIT = 25;

const KIND_TEXT: Record<WalletEntryKind, string> = {
  topup: "Top-up",
  purchase: "Booking paid from wallet",
  refund: "Refund",
  promo_credit: "Promo credit",
  adjustment: "Adjustment",
  pack_purchase: "Session pack",
  pack_refund: "Unused pack credits refunded",
  pass_purchase: "VIP pass",
  pass_refund: "Unused VIP pass places refunded",
};

export type WalletOverview = {
  /** The balance in each currency the user holds money in (sum of the ledger), largest first. */
  balances: { currency: CurrencyCode; balanceMinor: number }[];
  entries: {
    id: string;
    kind: WalletEntryKind;
    kindText: string;
    amountMinor: number;
    currency: CurrencyCode;
    note: string | null;
    orderId: string | null;
    createdAt: Date;
  }[];
};

/** The user's own wallet: balances from the append-only ledger and its latest entries, newest first. */
export async function walletOverview(env: Env, userId: string): Promise<WalletOverview> {
  const db = getDb(env);
  const [balances, entries] = await db.batch([
    db
      .select({
        currency: walletEntries.currency,
        balanceMinor: sql<number>`coalesce(sum(${walletEntries.amountMinor}), 0)`.as("balance_minor"),
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .groupBy(walletEntries.currency),
    db
      .select({
        id: walletEntries.id,
        kind: walletEntries.kind,
        amountMinor: walletEntries.amountMinor,
        currency: walletEntries.currency,
        note: walletEntries.note,
        orderId: walletEntries.orderId,
        createdAt: walletEntries.createdAt,
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(WALLET_HISTORY_LIMIT),
  ]);
  return {
    balances: balances
      .map((b) => ({ currency: b.currency, balanceMinor: Number(b.balanceMinor) }))
      .filter((b) => b.balanceMinor !== 0)
      .sort((a, b) => b.balanceMinor - a.balanceMinor),
    entries: entries.map((entry) => ({ ...entry, kindText: KIND_TEXT[entry.kind] })),
  };
}
