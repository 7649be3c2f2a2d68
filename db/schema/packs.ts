/**
 * Session packs (docs/domain.md "Session pack", docs/decisions/027-session-packs-and-credits.md): a streamer offers N
 * sessions of one gig at one price, valid for a number of days; a fan buys one and books the gig's slots with its
 * credits.
 *
 * Invariants carried here:
 * - one offer per gig (UNIQUE product_id), 2..20 sessions, 7..365 days, a positive price in the streamer's currency;
 * - a bought pack (`pack_purchases`) snapshots the offer: sessions, the amount charged and its currency (the buyer's,
 *   as for orders: docs/decisions/020), the USD rate, the gig and streamer, and when it runs out;
 * - the credits are an append-only ledger (`pack_credit_entries`, a trigger refuses UPDATE): every purchase, use,
 *   return and expiry is an entry with a signed number of credits and a signed value; a pack's balance (credits and
 *   value left) is the sum of its entries, never a counter edited in place;
 * - each cause is written once: one purchase and at most one use and one return per booking order (partial UNIQUEs);
 * - signs follow the kind (CHECK): a purchase adds, a use takes one credit, a return gives one back, an expiry takes
 *   what is left. A use is ONE conditional insert that is written only while the pack holds a credit, is paid and has
 *   not run out (app/features/packs/credits.server.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, currency, currencyCheck, enumCheck, id, timestamp, updatedAt } from "./columns";
import { gigs } from "./gigs";
import { streamerProfiles } from "./influencers";
import { orders } from "./orders";
import { users } from "./users";

/** Bounds of a pack: sessions and days of validity (also the schema's and the form's). */
export const PACK_SESSIONS_MIN = 2;
export const PACK_SESSIONS_MAX = 20;
export const PACK_VALID_DAYS_MIN = 7;
export const PACK_VALID_DAYS_MAX = 365;

export const packOffers = sqliteTable(
  "pack_offers",
  {
    id: id(),
    gigId: text("product_id")
      .notNull()
      .references(() => gigs.id, { onDelete: "cascade" }),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    sessions: integer("sessions").notNull(),
    /** The pack's price as the streamer set it, in their currency. */
    listPriceMinor: integer("list_price_minor").notNull(),
    currency: currency(),
    validDays: integer("valid_days").notNull(),
    active: bool("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pack_offers_product_unique").on(t.gigId),
    index("pack_offers_influencer_idx").on(t.streamerId),
    currencyCheck("pack_offers_currency_check", t.currency),
    check(
      "pack_offers_sessions_check",
      sql`${t.sessions} BETWEEN ${sql.raw(String(PACK_SESSIONS_MIN))} AND ${sql.raw(String(PACK_SESSIONS_MAX))}`,
    ),
    check(
      "pack_offers_days_check",
      sql`${t.validDays} BETWEEN ${sql.raw(String(PACK_VALID_DAYS_MIN))} AND ${sql.raw(String(PACK_VALID_DAYS_MAX))}`,
    ),
    check("pack_offers_price_check", sql`${t.listPriceMinor} > 0 AND ${t.listPriceMinor} <= 10000000`),
  ],
);

export const PACK_STATUSES = ["pending_payment", "paid", "cancelled"] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];
export const PACK_PAYMENT_METHODS = ["card", "wallet"] as const;

export const packPurchases = sqliteTable(
  "pack_purchases",
  {
    id: id(),
    offerId: text("offer_id")
      .notNull()
      .references(() => packOffers.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "restrict" }),
    gigId: text("product_id")
      .notNull()
      .references(() => gigs.id, { onDelete: "restrict" }),
    sessions: integer("sessions").notNull(),
    /** What the buyer paid, in their currency (the amount the gig page showed them). */
    amountMinor: integer("amount_minor").notNull(),
    currency: currency(),
    /** Units of the currency per USD times 1,000,000, as on orders: the credits' booking orders carry it. */
    rateMicros: integer("rate_micros").notNull(),
    paymentMethod: text("payment_method", { enum: PACK_PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: PACK_STATUSES }).notNull(),
    checkoutSessionId: text("checkout_session_id").unique(),
    /**
     * Bought by card: the card top-up order whose payment buys it (ADR 040). The card's money lands in the wallet and
     * pays the pack in the same fulfilment batch; the pack stays `pending_payment` until then, and ends `cancelled`
     * when the checkout ends unpaid or the offer was withdrawn before the money arrived.
     */
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** The platform fee and the GST on it when the pack was bought, in basis points (its invoice: ADR 040). */
    platformFeeBps: integer("platform_fee_bps"),
    platformFeeTaxBps: integer("platform_fee_tax_bps"),
    paidAt: timestamp("paid_at"),
    /** The last moment a credit may be booked; unused credits are then refunded pro rata (ADR 027). */
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("pack_purchases_status_check", t.status, PACK_STATUSES),
    enumCheck("pack_purchases_method_check", t.paymentMethod, PACK_PAYMENT_METHODS),
    currencyCheck("pack_purchases_currency_check", t.currency),
    check(
      "pack_purchases_amount_check",
      sql`${t.amountMinor} > 0 AND ${t.amountMinor} <= 10000000 AND ${t.rateMicros} > 0`,
    ),
    check(
      "pack_purchases_sessions_check",
      sql`${t.sessions} BETWEEN ${sql.raw(String(PACK_SESSIONS_MIN))} AND ${sql.raw(String(PACK_SESSIONS_MAX))}`,
    ),
    check("pack_purchases_paid_check", sql`${t.status} <> 'paid' OR ${t.paidAt} IS NOT NULL`),
    index("pack_purchases_user_idx").on(t.userId, t.createdAt),
    index("pack_purchases_expiry_idx").on(t.expiresAt).where(sql`status = 'paid'`),
    index("pack_purchases_pending_idx").on(t.createdAt).where(sql`status = 'pending_payment'`),
    uniqueIndex("pack_purchases_order_unique").on(t.orderId).where(sql`order_id IS NOT NULL`),
  ],
);

export const PACK_ENTRY_KINDS = ["purchase", "use", "return", "expiry"] as const;
export type PackEntryKind = (typeof PACK_ENTRY_KINDS)[number];

export const packCreditEntries = sqliteTable(
  "pack_credit_entries",
  {
    id: id(),
    packId: text("pack_id")
      .notNull()
      .references(() => packPurchases.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: PACK_ENTRY_KINDS }).notNull(),
    /** Signed: credits added (purchase, return) or taken (use, expiry). */
    credits: integer("credits").notNull(),
    /** Signed: the part of the pack's price these credits carry, in the pack's currency. */
    valueMinor: integer("value_minor").notNull(),
    currency: currency(),
    /** The booking order a use paid for, or a return gave back. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("pack_credit_entries_kind_check", t.kind, PACK_ENTRY_KINDS),
    currencyCheck("pack_credit_entries_currency_check", t.currency),
    check(
      "pack_credit_entries_sign_check",
      sql`(${t.kind} = 'purchase' AND ${t.credits} > 0 AND ${t.valueMinor} > 0)
        OR (${t.kind} = 'use' AND ${t.credits} = -1 AND ${t.valueMinor} < 0 AND ${t.orderId} IS NOT NULL)
        OR (${t.kind} = 'return' AND ${t.credits} = 1 AND ${t.valueMinor} > 0 AND ${t.orderId} IS NOT NULL)
        OR (${t.kind} = 'expiry' AND ${t.credits} < 0 AND ${t.valueMinor} <= 0)`,
    ),
    uniqueIndex("pack_credit_entries_purchase_unique").on(t.packId).where(sql`kind = 'purchase'`),
    uniqueIndex("pack_credit_entries_use_unique").on(t.orderId).where(sql`kind = 'use'`),
    uniqueIndex("pack_credit_entries_return_unique").on(t.orderId).where(sql`kind = 'return'`),
    index("pack_credit_entries_balance_idx").on(t.packId, t.credits, t.valueMinor),
    index("pack_credit_entries_user_idx").on(t.userId, t.createdAt),
  ],
);

export type PackOffer = typeof packOffers.$inferSelect;
export type PackPurchase = typeof packPurchases.$inferSelect;
export type PackCreditEntry = typeof packCreditEntries.$inferSelect;
