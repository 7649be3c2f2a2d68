/**
 * VIP passes (docs/domain.md "VIP pass", docs/decisions/032-vip-passes.md): a streamer offers N VIP places in their
 * live sessions at one price, valid for a number of days; a fan buys one and joins the VIP queue with its uses.
 *
 * Invariants carried here:
 * - one offer per streamer (UNIQUE influencer_id), 1..20 places, 7..365 days, a positive price in their currency;
 * - a bought pass (`pass_purchases`) snapshots the offer: places, the amount charged and its currency (the buyer's,
 *   as for orders: docs/decisions/020), the USD rate, the streamer, and when it runs out;
 * - the uses are an append-only ledger (`pass_entries`, a trigger refuses UPDATE), as a pack's credits are: every
 *   purchase, use, return and expiry is an entry with a signed number of uses and a signed value; a pass's balance
 *   is the sum of its entries;
 * - each cause is written once: one purchase per pass, at most one use and one return per VIP order.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, currency, currencyCheck, enumCheck, id, timestamp, updatedAt } from "./columns";
import { streamerProfiles } from "./influencers";
import { orders } from "./orders";
import {
  PACK_ENTRY_KINDS,
  PACK_PAYMENT_METHODS,
  PACK_STATUSES,
  PACK_VALID_DAYS_MAX,
  PACK_VALID_DAYS_MIN,
} from "./packs";
import { users } from "./users";

/** Bounds of a pass: VIP places (its days are a pack's, 7..365). */
export const PASS_PLACES_MIN = 1;
export const PASS_PLACES_MAX = 20;

const between = (column: unknown, min: number, max: number) =>
  sql`${column} BETWEEN ${sql.raw(String(min))} AND ${sql.raw(String(max))}`;

export const passOffers = sqliteTable(
  "pass_offers",
  {
    id: id(),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    places: integer("places").notNull(),
    /** The pass's price as the streamer set it, in their currency. */
    listPriceMinor: integer("list_price_minor").notNull(),
    currency: currency(),
    validDays: integer("valid_days").notNull(),
    active: bool("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pass_offers_influencer_unique").on(t.streamerId),
    currencyCheck("pass_offers_currency_check", t.currency),
    check("pass_offers_places_check", between(t.places, PASS_PLACES_MIN, PASS_PLACES_MAX)),
    check("pass_offers_days_check", between(t.validDays, PACK_VALID_DAYS_MIN, PACK_VALID_DAYS_MAX)),
    check("pass_offers_price_check", sql`${t.listPriceMinor} > 0 AND ${t.listPriceMinor} <= 10000000`),
  ],
);

export const passPurchases = sqliteTable(
  "pass_purchases",
  {
    id: id(),
    offerId: text("offer_id")
      .notNull()
      .references(() => passOffers.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "restrict" }),
    places: integer("places").notNull(),
    /** What the buyer paid, in their currency (the amount the star page showed them). */
    amountMinor: integer("amount_minor").notNull(),
    currency: currency(),
    /** Units of the currency per USD times 1,000,000, as on orders: the uses' VIP orders carry it. */
    rateMicros: integer("rate_micros").notNull(),
    paymentMethod: text("payment_method", { enum: PACK_PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: PACK_STATUSES }).notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    /** Bought by card: the card top-up order whose payment buys it, as a pack's (ADR 040). */
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** The platform fee and the GST on it when the pass was bought, in basis points (its invoice: ADR 040). */
    platformFeeBps: integer("platform_fee_bps"),
    platformFeeTaxBps: integer("platform_fee_tax_bps"),
    paidAt: timestamp("paid_at"),
    /** The last moment a use may join; unused places are then refunded pro rata (ADR 032). */
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("pass_purchases_status_check", t.status, PACK_STATUSES),
    enumCheck("pass_purchases_method_check", t.paymentMethod, PACK_PAYMENT_METHODS),
    currencyCheck("pass_purchases_currency_check", t.currency),
    check(
      "pass_purchases_amount_check",
      sql`${t.amountMinor} > 0 AND ${t.amountMinor} <= 10000000 AND ${t.rateMicros} > 0`,
    ),
    check("pass_purchases_places_check", between(t.places, PASS_PLACES_MIN, PASS_PLACES_MAX)),
    check("pass_purchases_paid_check", sql`${t.status} <> 'paid' OR ${t.paidAt} IS NOT NULL`),
    index("pass_purchases_user_idx").on(t.userId, t.streamerId, t.expiresAt),
    index("pass_purchases_expiry_idx").on(t.expiresAt).where(sql`status = 'paid'`),
    uniqueIndex("pass_purchases_order_unique").on(t.orderId).where(sql`order_id IS NOT NULL`),
  ],
);

export type PassEntryKind = (typeof PACK_ENTRY_KINDS)[number];

export const passEntries = sqliteTable(
  "pass_entries",
  {
    id: id(),
    passId: text("pass_id")
      .notNull()
      .references(() => passPurchases.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: PACK_ENTRY_KINDS }).notNull(),
    /** Signed: places added (purchase, return) or taken (use, expiry). */
    uses: integer("uses").notNull(),
    /** Signed: the part of the pass's price these places carry, in the pass's currency. */
    valueMinor: integer("value_minor").notNull(),
    currency: currency(),
    /** The VIP order a use paid for, or a return gave back. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("pass_entries_kind_check", t.kind, PACK_ENTRY_KINDS),
    currencyCheck("pass_entries_currency_check", t.currency),
    check(
      "pass_entries_sign_check",
      sql`(${t.kind} = 'purchase' AND ${t.uses} > 0 AND ${t.valueMinor} > 0)
        OR (${t.kind} = 'use' AND ${t.uses} = -1 AND ${t.valueMinor} < 0 AND ${t.orderId} IS NOT NULL)
        OR (${t.kind} = 'return' AND ${t.uses} = 1 AND ${t.valueMinor} > 0 AND ${t.orderId} IS NOT NULL)
        OR (${t.kind} = 'expiry' AND ${t.uses} < 0 AND ${t.valueMinor} <= 0)`,
    ),
    uniqueIndex("pass_entries_purchase_unique").on(t.passId).where(sql`kind = 'purchase'`),
    uniqueIndex("pass_entries_use_unique").on(t.orderId).where(sql`kind = 'use'`),
    uniqueIndex("pass_entries_return_unique").on(t.orderId).where(sql`kind = 'return'`),
    index("pass_entries_balance_idx").on(t.passId, t.uses, t.valueMinor),
    index("pass_entries_user_idx").on(t.userId, t.createdAt),
  ],
);

export type PassOffer = typeof passOffers.$inferSelect;
export type PassPurchase = typeof passPurchases.$inferSelect;
export type PassEntry = typeof passEntries.$inferSelect;
