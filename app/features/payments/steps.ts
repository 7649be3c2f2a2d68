import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CurrencyCode } from "~/lib/money";
import type { Db } from "~/platform/db.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import type { OrderKind, OrderStatus } from "~db/schema";

/**
 * What checkout and fulfilment need to know about an order, whatever it buys.
 */
export type PayableOrder = {
  id: string;
  userId: string;
  kind: OrderKind;
  status: OrderStatus;
  amountMinor: number;
  currency: CurrencyCode;
  streamerId: string | null;
  slotId: string | null;
  liveSessionId: string | null;
  checkoutSessionId: string | null;
};

/**
 * The per-kind part of fulfilment (docs/decisions/011-seat-holds-fulfilment-and-stripe-stand-in.md). Checkout and `fulfilCheckout` are generic; each order
 * kind says how to take what was bought, how to tell whether it was taken, what happens when it cannot be
 * (a late payment whose seat is gone), how a cancelled checkout releases it, and what the buyer is told.
 * Every statement is conditional so any door may run it any number of times.
 */
export type FulfilmentStep = {
  /** Statements run before the order turns paid: take what was bought (conditional). */
  take(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** True (on the orders row) when what was bought is taken; gates the order's paid update. */
  taken(order: PayableOrder): SQL;
  /** Statements after the order turned paid, in the same batch (e.g. the top-up's wallet credit). */
  afterPaid?(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** Late payment with nothing left to take: marks it lost; `lost` guards the automatic wallet refund. */
  lose?(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  lost?(order: PayableOrder): SQL;
  /**
   * The late payment's refund, for a kind with its own refund rule (a VIP place: app/features/live/vip-refunds.server.ts),
   * guarded by `lost` and carried out in the same batch. Without it the whole payment goes back to the wallet.
   */
  refundLate?(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** The checkout was cancelled or expired before payment: give back what was held. */
  release(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** Work after a release committed that is not a statement (e.g. telling fans offered the freed seats). */
  released?(env: Env, order: PayableOrder, now: Date): Promise<void>;
  /**
   * What the buyer is told once it is confirmed (outbox rows: written in the fulfilment batch, delivered at least
   * once), and once a late payment was refunded to their wallet. A message with `when` is written only if that holds
   * too (e.g. "the top-up pays for a pack": ADR 040).
   */
  confirmedMessages?(order: PayableOrder): ConfirmedMessage[];
  refundedLateMessages?(order: PayableOrder): OutboxEntry[];
  /** Work after the confirmation that is not a message (e.g. the live queue's broadcast). Called once. */
  confirmed?(env: Env, order: PayableOrder): Promise<void>;
  /** Tells the buyer a late payment was refunded to their wallet, for steps without outbox messages. Called once. */
  refundedLate?(env: Env, order: PayableOrder): Promise<void>;
};

/** A confirmation message, written with the order's change to paid, and only if `when` holds too. */
type ConfirmedMessage = OutboxEntry & { when?: SQL };

/**
 * Something a card top-up pays for in the same fulfilment batch (docs/decisions/040): a session pack or a VIP pass
 * bought by card is a `wallet_topup` order earmarked for it by a pending purchase row naming the order. Once the order
 * is paid, the top-up credits the wallet and `spend` pays the purchase from it (the wallet's conditional debit), so
 * the money trail is card -> wallet -> purchase. Each earmark lives with its feature (packs, passes) and the
 * composition root hands them to `walletTopupStep`: payments imports none of them. Every statement is conditional,
 * so any door may run it any number of times.
 */
export type TopupEarmark = {
  /** True (SQL) when the order is earmarked for this kind of purchase. */
  earmarked(order: PayableOrder): SQL;
  /**
   * After the top-up's wallet credit, in the same batch: pay the purchase from the wallet while it is still on offer,
   * else end it unbought (the money stays in the wallet).
   */
  spend(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** The checkout was cancelled or expired before payment: the purchase ends unbought. */
  release(db: Db, order: PayableOrder, now: Date): BatchItem<"sqlite">[];
  /** What the buyer is told instead of "your wallet was topped up" (written only when the order is earmarked). */
  confirmedMessages(order: PayableOrder): OutboxEntry[];
};
