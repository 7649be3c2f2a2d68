/**
 * Promo codes and their redemptions.
 *
 * Invariants carried here:
 * - code is UNIQUE and upper case;
 * - kind percent: value is basis points 1..10000 (1000 = 10%), no currency;
 *   kind fixed: value is minor units > 0 in `currency` (required: a CHECK on NULL would
 *   otherwise pass, so the check says IS NOT NULL explicitly);
 * - scope: influencer_id NULL = whole site, else only that streamer's gigs;
 * - an order redeems at most one code (promo_redemptions.order_id UNIQUE);
 * - use limits (max_uses, max_uses_per_user) are enforced in the same write as the
 *   redemption: `INSERT INTO promo_redemptions ... SELECT ... WHERE (SELECT count(*) ...) < max_uses`
 *   (promo_redemptions_code_user_idx serves both counts). A redemption whose order is
 *   cancelled is deleted in the cancelling batch, returning the use.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { BASE_CURRENCIES } from "./constants";
import { streamerProfiles } from "./influencers";
import { orders } from "./orders";
import { users } from "./users";

export const PROMO_KINDS = ["percent", "fixed"] as const;

export const promoCodes = sqliteTable(
  "promo_codes",
  {
    id: id(),
    code: text("code").notNull().unique(),
    description: text("description"),
    kind: text("kind", { enum: PROMO_KINDS }).notNull(),
    /** percent: basis points; fixed: minor units of `currency`. */
    value: integer("value").notNull(),
    currency: text("currency", { enum: BASE_CURRENCIES }),
    expiresAt: timestamp("expires_at"),
    maxUses: integer("max_uses"),
    maxUsesPerUser: integer("max_uses_per_user"),
    streamerId: text("influencer_id").references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    isActive: bool("is_active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("promo_codes_kind_check", t.kind, PROMO_KINDS),
    check("promo_codes_code_check", sql`${t.code} = upper(${t.code}) AND length(${t.code}) BETWEEN 3 AND 32`),
    check(
      "promo_codes_value_check",
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 10000 AND ${t.currency} IS NULL)
        OR (${t.kind} = 'fixed' AND ${t.value} > 0 AND ${t.currency} IS NOT NULL
            AND length(${t.currency}) = 3 AND ${t.currency} = upper(${t.currency}))`,
    ),
    check(
      "promo_codes_limits_check",
      sql`(${t.maxUses} IS NULL OR ${t.maxUses} > 0) AND (${t.maxUsesPerUser} IS NULL OR ${t.maxUsesPerUser} > 0)`,
    ),
    index("promo_codes_influencer_idx").on(t.streamerId),
    index("promo_codes_created_idx").on(t.createdAt),
  ],
);

export const promoRedemptions = sqliteTable(
  "promo_redemptions",
  {
    id: id(),
    promoCodeId: text("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    discountMinor: integer("discount_minor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("promo_redemptions_discount_check", sql`${t.discountMinor} >= 0`),
    index("promo_redemptions_code_user_idx").on(t.promoCodeId, t.userId),
  ],
);

export type PromoCode = typeof promoCodes.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;
export type PromoRedemption = typeof promoRedemptions.$inferSelect;
