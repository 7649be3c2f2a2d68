/**
 * Payouts to influencers and the orders they settle.
 *
 * Invariants carried here:
 * - status draft -> active -> completed, or removed (CHECK on the value; completed needs
 *   completed_at, removed needs removed_at);
 * - a payout keeps a SNAPSHOT of the percentages it used, in basis points (platform fee,
 *   the indirect tax on the platform fee, the indirect tax, TDS; defaults 20%, 18%, 18%, 0.1%
 *   = 2000, 1800, 1800, 10) and the totals in minor units, so later configuration changes
 *   never alter a past statement;
 * - an order belongs to at most one payout that is not removed: payout_orders.active mirrors
 *   "payout not removed" and a partial UNIQUE index on order_id WHERE active = 1 enforces it.
 *   Removing a payout is one batch: UPDATE payouts SET status = 'removed' + UPDATE
 *   payout_orders SET active = 0 WHERE payout_id = ?. Merging an order out of a draft deletes
 *   its payout_orders row.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, currency, currencyCheck, enumCheck, id, timestamp, updatedAt } from "./columns";
import { streamerProfiles } from "./influencers";
import { orders } from "./orders";
import { users } from "./users";

export const PAYOUT_STATUSES = ["draft", "active", "completed", "removed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "restrict" }),
    periodStart: timestamp("period_start").notNull(),
    periodEnd: timestamp("period_end").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("draft"),
    platformFeeBps: integer("platform_fee_bps").notNull(),
    platformFeeIndirectTaxBps: integer("platform_fee_indirect_tax_bps").notNull(),
    indirectTaxBps: integer("indirect_tax_bps").notNull(),
    tdsBps: integer("tds_bps").notNull(),
    currency: currency().default("USD"),
    /** Sum of the settled orders' paid amounts net of refunds. */
    grossMinor: integer("gross_minor").notNull(),
    platformFeeMinor: integer("platform_fee_minor").notNull(),
    platformFeeIndirectTaxMinor: integer("platform_fee_indirect_tax_minor").notNull(),
    indirectTaxMinor: integer("indirect_tax_minor").notNull(),
    tdsMinor: integer("tds_minor").notNull(),
    /** What the influencer receives. */
    netMinor: integer("net_minor").notNull(),
    /** Private R2 key of the generated spreadsheet (after completion). */
    spreadsheetKey: text("spreadsheet_key"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    activatedAt: timestamp("activated_at"),
    completedAt: timestamp("completed_at"),
    removedAt: timestamp("removed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("payouts_status_check", t.status, PAYOUT_STATUSES),
    currencyCheck("payouts_currency_check", t.currency),
    check("payouts_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
    check(
      "payouts_rates_check",
      sql`${t.platformFeeBps} BETWEEN 0 AND 10000 AND ${t.platformFeeIndirectTaxBps} BETWEEN 0 AND 10000
        AND ${t.indirectTaxBps} BETWEEN 0 AND 10000 AND ${t.tdsBps} BETWEEN 0 AND 10000`,
    ),
    check(
      "payouts_totals_check",
      sql`${t.grossMinor} >= 0 AND ${t.platformFeeMinor} >= 0 AND ${t.platformFeeIndirectTaxMinor} >= 0
        AND ${t.indirectTaxMinor} >= 0 AND ${t.tdsMinor} >= 0`,
    ),
    check("payouts_completed_check", sql`(${t.status} = 'completed') = (${t.completedAt} IS NOT NULL)`),
    check("payouts_removed_check", sql`(${t.status} = 'removed') = (${t.removedAt} IS NOT NULL)`),
    check("payouts_spreadsheet_check", sql`${t.spreadsheetKey} IS NULL OR ${t.status} = 'completed'`),
    // Payout history of an influencer, and "active payouts".
    index("payouts_influencer_status_idx").on(t.streamerId, t.status, t.createdAt),
    index("payouts_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const payoutOrders = sqliteTable(
  "payout_orders",
  {
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** 1 while the payout is not removed. */
    active: bool("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "payout_orders_pk", columns: [t.payoutId, t.orderId] }),
    uniqueIndex("payout_orders_one_active_per_order_unique").on(t.orderId).where(sql`active = 1`),
  ],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
export type PayoutOrder = typeof payoutOrders.$inferSelect;
