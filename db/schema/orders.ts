/**
 * Orders, payment provider events and refunds.
 *
 * Invariants carried here:
 * - kind decides what the order is for: a slot booking has slot_id, a VIP queue place has
 *   live_session_id, a wallet top-up has neither and no influencer (CHECKs);
 * - the order pays the slot's / session's own influencer:
 *   FK (slot_id, influencer_id) -> slots(id, influencer_id),
 *   FK (live_session_id, influencer_id) -> live_sessions(id, influencer_id);
 * - fulfilment happens once: checkout_session_id is UNIQUE (one Checkout session, one order),
 *   payment_events.(provider, provider_event_id) is UNIQUE (a webhook event is recorded
 *   once), and fulfilment is the conditional `UPDATE orders SET status = 'paid' ...
 *   WHERE id = ? AND status = 'pending_payment'`;
 * - a paid order has exactly one booking or queue place: "at most one" by UNIQUE order_id
 *   on bookings and queue_entries (which reference (id, slot_id, user_id) /
 *   (id, live_session_id, user_id) here), "at least one" because the booking or place is
 *   inserted in the same batch as the order;
 * - paid_at is set for every order that was paid (paid, refunded, partially refunded);
 * - a discount needs a promo code; amounts are non-negative;
 * - the amount and currency are what the buyer was shown and charged, in the buyer's currency; rate_micros
 *   (> 0, migration 0015's trigger) records the USD rate it was charged at;
 * - refunds never exceed the amount: refunded_minor is CHECKed <= amount_minor, and a refund
 *   is one batch (INSERT refunds + `UPDATE orders SET refunded_minor = refunded_minor + ?`),
 *   so a second, overlapping refund fails the CHECK. The status agrees with refunded_minor.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  foreignKey,
  index,
  integer,
  sqliteTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { createdAt, currency, currencyCheck, enumCheck, id, type JsonValue, timestamp, updatedAt } from "./columns";
import { streamerProfiles } from "./influencers";
import { liveSessions } from "./live";
import { promoCodes } from "./promo";
import { slots } from "./slots";
import { users } from "./users";

export const ORDER_KINDS = ["slot_booking", "vip_queue", "wallet_topup"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUSES = ["pending_payment", "paid", "refunded", "partially_refunded", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ["card", "wallet"] as const;
/** Orders that count as paid money (earnings, payouts). */
export const PAID_ORDER_STATUSES = ["paid", "partially_refunded"] as const satisfies readonly OrderStatus[];

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    streamerId: text("influencer_id").references(() => streamerProfiles.userId, { onDelete: "restrict" }),
    kind: text("kind", { enum: ORDER_KINDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending_payment"),
    /** What the buyer pays, after the discount. */
    amountMinor: integer("amount_minor").notNull(),
    currency: currency().default("USD"),
    /**
     * The rate the order was charged at: units of its currency per USD, times RATE_SCALE (1,000,000 for a USD
     * order). How the order counts in USD earnings and payouts (app/features/earnings/earning-order.ts).
     */
    rateMicros: integer("rate_micros").notNull().default(1_000_000),
    discountMinor: integer("discount_minor").notNull().default(0),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    promoCodeId: text("promo_code_id").references((): AnySQLiteColumn => promoCodes.id, { onDelete: "restrict" }),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    /** Stripe Checkout session id (card payments). */
    checkoutSessionId: text("checkout_session_id").unique(),
    /** Stripe PaymentIntent id, needed for card refunds. */
    paymentIntentId: text("payment_intent_id"),
    slotId: text("slot_id").references((): AnySQLiteColumn => slots.id, { onDelete: "restrict" }),
    liveSessionId: text("live_session_id").references((): AnySQLiteColumn => liveSessions.id, {
      onDelete: "restrict",
    }),
    /** Staff validation that the influencer played this session (makes it payable). */
    validatedAt: timestamp("validated_at"),
    validatedBy: text("validated_by").references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at"),
    /** The gamer tag a VIP place is taken with (vip_queue orders: the fan gives it before paying). */
    gamertag: text("gamertag"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "orders_slot_influencer_fk",
      columns: [t.slotId, t.streamerId],
      foreignColumns: [slots.id, slots.streamerId],
    }).onDelete("restrict"),
    foreignKey({
      name: "orders_live_session_influencer_fk",
      columns: [t.liveSessionId, t.streamerId],
      foreignColumns: [liveSessions.id, liveSessions.streamerId],
    }).onDelete("restrict"),
    // Parent keys for bookings(order_id, slot_id, user_id) and queue_entries(order_id, live_session_id, user_id).
    unique("orders_id_slot_user_unique").on(t.id, t.slotId, t.userId),
    unique("orders_id_live_session_user_unique").on(t.id, t.liveSessionId, t.userId),
    enumCheck("orders_kind_check", t.kind, ORDER_KINDS),
    enumCheck("orders_status_check", t.status, ORDER_STATUSES),
    enumCheck("orders_payment_method_check", t.paymentMethod, PAYMENT_METHODS),
    currencyCheck("orders_currency_check", t.currency),
    check(
      "orders_kind_refs_check",
      sql`(${t.kind} = 'slot_booking') = (${t.slotId} IS NOT NULL)
        AND (${t.kind} = 'vip_queue') = (${t.liveSessionId} IS NOT NULL)
        AND (${t.kind} = 'wallet_topup') = (${t.streamerId} IS NULL)`,
    ),
    check("orders_topup_card_check", sql`${t.kind} <> 'wallet_topup' OR ${t.paymentMethod} = 'card'`),
    check(
      "orders_amounts_check",
      sql`${t.amountMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.refundedMinor} BETWEEN 0 AND ${t.amountMinor}`,
    ),
    check("orders_discount_promo_check", sql`${t.discountMinor} = 0 OR ${t.promoCodeId} IS NOT NULL`),
    check(
      "orders_paid_at_check",
      sql`${t.status} NOT IN ('paid', 'refunded', 'partially_refunded') OR ${t.paidAt} IS NOT NULL`,
    ),
    check(
      "orders_refund_status_check",
      sql`(${t.status} = 'refunded' AND ${t.refundedMinor} = ${t.amountMinor})
        OR (${t.status} = 'partially_refunded' AND ${t.refundedMinor} > 0 AND ${t.refundedMinor} < ${t.amountMinor})
        OR (${t.status} NOT IN ('refunded', 'partially_refunded') AND ${t.refundedMinor} = 0)`,
    ),
    check("orders_validated_check", sql`${t.validatedAt} IS NULL OR ${t.kind} <> 'wallet_topup'`),
    // "My orders" and "orders of influencer", newest first, optional month window.
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_influencer_created_idx").on(t.streamerId, t.createdAt),
    // Earnings windows (7/30/90 days) and payable orders: paid money by influencer and time.
    index("orders_influencer_paid_idx").on(t.streamerId, t.paidAt).where(sql`status IN ('paid', 'partially_refunded')`),
    // Staff validations: earning orders of an influencer not validated yet (app/features/earnings/earning-order.ts).
    index("orders_influencer_unvalidated_idx")
      .on(t.streamerId, t.createdAt)
      .where(sql`validated_at IS NULL AND status IN ('paid', 'partially_refunded')`),
    index("orders_slot_idx").on(t.slotId),
    index("orders_live_session_idx").on(t.liveSessionId),
    index("orders_promo_code_idx").on(t.promoCodeId),
    // Sweeper of abandoned checkouts.
    index("orders_pending_idx").on(t.createdAt).where(sql`status = 'pending_payment'`),
  ],
);

export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider").notNull().default("stripe"),
    /** The provider's event id (Stripe evt_...). Recording it first makes handling idempotent. */
    providerEventId: text("provider_event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<JsonValue>().notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at").notNull(),
    processedAt: timestamp("processed_at"),
  },
  (t) => [
    unique("payment_events_provider_event_unique").on(t.provider, t.providerEventId),
    index("payment_events_order_idx").on(t.orderId),
  ],
);

export const REFUND_METHODS = ["card", "wallet"] as const;
/**
 * A refund is owed from the moment its row exists (`pending`, written in the same batch as the change that makes
 * it owed: a slot cancelled by its streamer, a live session ended with VIP places unserved, a streamer removed);
 * carrying it out (app/features/wallet/refunds.server.ts) turns it `succeeded` in the same batch as the money
 * moving. `failed` is still owed: its retries ran out and finance staff see it with a retry button.
 */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** How many times the consumer and the cron try an owed refund before it shows as failed to finance staff. */
export const REFUND_MAX_ATTEMPTS = 5;

export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: currency(),
    /**
     * Card refunds go back through Stripe (to the order's payment intent, with this row's id as the idempotency
     * key); wallet refunds are a wallet entry.
     */
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    providerRefundId: text("provider_refund_id").unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Attempts to carry out an owed refund, the last failure, and when the next attempt is due. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at"),
    /** When the money moved (set with `succeeded`). */
    settledAt: timestamp("settled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * True (the usual case): carrying it out raises the order's refunded amount. False: it gives back a card payment
     * the order never accepted (a Checkout session that charged another amount or currency than its order,
     * app/features/payments/fulfilment.server.ts `refundMismatchedPayment`), in what was charged; the order was never paid and stays cancelled.
     */
    countsOnOrder: integer("counts_on_order", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    enumCheck("refunds_method_check", t.method, REFUND_METHODS),
    enumCheck("refunds_status_check", t.status, REFUND_STATUSES),
    currencyCheck("refunds_currency_check", t.currency),
    check("refunds_amount_check", sql`${t.amountMinor} > 0`),
    index("refunds_order_idx").on(t.orderId),
    // At most one refund owed per order at a time: a cause written twice (a retried cancellation) owes once.
    uniqueIndex("refunds_owed_order_unique").on(t.orderId).where(sql`status <> 'succeeded'`),
    // A payment the order never accepted is refunded once, ever (its order has one Checkout session).
    uniqueIndex("refunds_unaccepted_payment_unique").on(t.orderId).where(sql`counts_on_order = 0`),
    check("refunds_unaccepted_card_check", sql`${t.countsOnOrder} = 1 OR ${t.method} = 'card'`),
    // The sweeper's due refunds, and finance staff's list of what is owed.
    index("refunds_owed_idx").on(t.status, t.nextAttemptAt).where(sql`status <> 'succeeded'`),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
