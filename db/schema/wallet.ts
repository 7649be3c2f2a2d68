/**
 * The wallet: an append-only ledger. A balance is the sum of a user's entries in a currency.
 *
 * Invariants carried here:
 * - append-only: rows are never updated (a trigger in migration 0001 refuses UPDATE);
 *   a correction is a new 'adjustment' entry;
 * - the sign follows the kind (CHECK): top-ups, refunds and promo credits add, purchases
 *   subtract, adjustments may go either way; no zero entries;
 * - a top-up order credits once and a wallet-paid order debits once: partial UNIQUE
 *   (order_id, kind) for those kinds; a refund credits once: refund_id UNIQUE;
 * - a session pack paid from the wallet is one `pack_purchase` entry naming the pack (UNIQUE), and the unused part
 *   refunded at its expiry a `pack_refund` entry (ADR 027); a VIP pass likewise, `pass_purchase` and `pass_refund`
 *   naming the pass (ADR 032);
 * - a wallet purchase succeeds only while the balance covers it, as ONE conditional insert:
 *     INSERT INTO wallet_entries (...) SELECT ... WHERE
 *       (SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries
 *         WHERE user_id = :user AND currency = :cur) >= :price
 *   wallet_entries_balance_idx covers that sum (index-only scan).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, currency, currencyCheck, enumCheck, id } from "./columns";
import { orders, refunds } from "./orders";
import { packPurchases } from "./packs";
import { passPurchases } from "./passes";
import { payouts } from "./payouts";
import { users } from "./users";

export const WALLET_ENTRY_KINDS = [
  "topup",
  "purchase",
  "refund",
  "promo_credit",
  "adjustment",
  "pack_purchase",
  "pack_refund",
  "pass_purchase",
  "pass_refund",
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const walletEntries = sqliteTable(
  "wallet_entries",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Signed: positive credits the wallet, negative debits it. */
    amountMinor: integer("amount_minor").notNull(),
    currency: currency(),
    kind: text("kind", { enum: WALLET_ENTRY_KINDS }).notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    refundId: text("refund_id")
      .unique()
      .references(() => refunds.id, { onDelete: "restrict" }),
    payoutId: text("payout_id").references(() => payouts.id, { onDelete: "restrict" }),
    /** The session pack a `pack_purchase` paid for, or a `pack_refund` gave back the unused part of (ADR 027). */
    packId: text("pack_id").references(() => packPurchases.id, { onDelete: "restrict" }),
    /** The VIP pass a `pass_purchase` paid for, or a `pass_refund` gave back the unused part of (ADR 032). */
    passId: text("pass_id").references(() => passPurchases.id, { onDelete: "restrict" }),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("wallet_entries_kind_check", t.kind, WALLET_ENTRY_KINDS),
    currencyCheck("wallet_entries_currency_check", t.currency),
    check(
      "wallet_entries_sign_check",
      sql`${t.amountMinor} <> 0 AND (
        (${t.kind} IN ('topup', 'refund', 'promo_credit', 'pack_refund', 'pass_refund') AND ${t.amountMinor} > 0)
        OR (${t.kind} IN ('purchase', 'pack_purchase', 'pass_purchase') AND ${t.amountMinor} < 0)
        OR ${t.kind} = 'adjustment')`,
    ),
    check("wallet_entries_order_check", sql`${t.kind} NOT IN ('topup', 'purchase') OR ${t.orderId} IS NOT NULL`),
    check("wallet_entries_refund_check", sql`${t.kind} <> 'refund' OR ${t.refundId} IS NOT NULL`),
    check(
      "wallet_entries_pack_check",
      sql`(${t.kind} IN ('pack_purchase', 'pack_refund')) = (${t.packId} IS NOT NULL)`,
    ),
    check(
      "wallet_entries_pass_check",
      sql`(${t.kind} IN ('pass_purchase', 'pass_refund')) = (${t.passId} IS NOT NULL)`,
    ),
    // A pack is paid from the wallet once.
    uniqueIndex("wallet_entries_pack_purchase_unique").on(t.packId).where(sql`kind = 'pack_purchase'`),
    // A pass too.
    uniqueIndex("wallet_entries_pass_purchase_unique").on(t.passId).where(sql`kind = 'pass_purchase'`),
    uniqueIndex("wallet_entries_order_kind_unique").on(t.orderId, t.kind).where(sql`kind IN ('topup', 'purchase')`),
    index("wallet_entries_balance_idx").on(t.userId, t.currency, t.amountMinor),
    index("wallet_entries_user_created_idx").on(t.userId, t.createdAt),
    index("wallet_entries_order_idx").on(t.orderId),
  ],
);

export type WalletEntry = typeof walletEntries.$inferSelect;
export type NewWalletEntry = typeof walletEntries.$inferInsert;
