import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Viewer } from "~/features/access";
import type { Charge } from "~/features/currency/index.server";
import type { UserNotification } from "~/features/notifications/index.server";
import type { PayableOrder, TopupEarmark } from "~/features/payments";
import { defaultRates } from "~/features/payouts/index.server";
import { walletDebitStatement } from "~/features/wallet/index.server";
import { type CurrencyCode, formatMoney, type Money, money } from "~/lib/money";
import { gigPath } from "~/lib/paths.server";
import { col, type Db, getDb } from "~/platform/db.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { gigs, orders, type PackStatus, packPurchases, type passPurchases, users } from "~db/schema";
import { PACKS_COPY } from "./copy";
import { purchaseEntryStatement } from "./credits.server";

/**
 * Buying in advance by card (docs/decisions/040-packs-and-passes-by-card.md), shared by session packs and VIP passes.
 * The card payment is a `wallet_topup` order of exactly the price, earmarked for the purchase by its pending row
 * (`pending_payment`, `order_id` naming the order). When the order is paid, ONE fulfilment batch credits the wallet
 * (the top-up) and then, through the earmark below, pays the purchase from the wallet as a wallet purchase does: the
 * row turns paid (only while its offer is still on offer and the wallet covers it), the conditional wallet debit,
 * the purchase entry that needs the debit. Otherwise the row ends `cancelled` and the money stays in the wallet.
 * Every statement is conditional, so the webhook, its replays and the success page may all run it: once.
 */
type PrepaidTable = typeof packPurchases | typeof passPurchases;

/** The platform fee and its GST when bought, as a payout would take them now (the invoice's figures: ADR 040). */
export async function prepaidFeeColumns(db: Db, streamerId: string) {
  const rates = await defaultRates(db, streamerId);
  return { platformFeeBps: rates.platformFeeBps, platformFeeTaxBps: rates.platformFeeIndirectTaxBps };
}

/**
 * The columns of something bought in advance and waiting for its card payment: the price charged (in the wallet's
 * currency), `orderId` the card top-up that pays it, and `expiresAt` as if bought now (moved by the wait when paid).
 */
export function cardPendingColumns(charge: Charge, now: Date, expiresAt: Date, orderId: string) {
  return {
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    rateMicros: charge.rateMicros,
    paymentMethod: "card" as const,
    status: "pending_payment" as const,
    orderId,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  };
}

const orderIs = (orderId: string, status: "paid" | "cancelled") =>
  sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status = ${status})`;

/**
 * The earmark of one kind of purchase, for the composition root to hand to the wallet top-up's step (payments imports
 * neither packs nor passes).
 */
export function prepaidCardEarmark(kind: {
  table: PrepaidTable;
  /** SQL over the purchase's row: its offer is still on offer. */
  onOffer: SQL;
  /** What the wallet debit names (the purchase, by SQL), and whether a debit names it already. */
  debit: (id: SQL) => { packId: SQL } | { passId: SQL };
  debited: (id: SQL) => SQL;
  /** The debit's note in the wallet's ledger. */
  note: string;
  /** The purchase entry of the row once paid (named by SQL). */
  purchaseEntry: (db: Db, id: SQL, now: Date) => BatchItem<"sqlite">;
  /** The outbox template that tells the buyer (param orderId). */
  template: string;
}): TopupEarmark {
  // Drizzle types an update by its table; both tables share the columns written here.
  const table = kind.table as typeof packPurchases;
  const idOf = (orderId: string) => sql`(SELECT e.id FROM ${table} e WHERE e.order_id = ${orderId})`;
  return {
    earmarked: (order) => sql`EXISTS (SELECT 1 FROM ${table} e WHERE e.order_id = ${order.id})`,
    spend(db, order, now) {
      const id = idOf(order.id);
      const bought = sql`EXISTS (SELECT 1 FROM ${table} e WHERE e.order_id = ${order.id} AND e.status = 'paid')`;
      const covered = sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w WHERE w.user_id = ${col(
        table.userId,
      )} AND w.currency = ${col(table.currency)}) >= ${col(table.amountMinor)}`;
      return [
        // Bought now: paid, and valid from now for as long as it was offered (the wait for the card moves it).
        db
          .update(table)
          .set({
            status: "paid",
            paidAt: now,
            expiresAt: sql`${col(table.expiresAt)} + ${now.getTime()} - ${col(table.createdAt)}`,
            updatedAt: now,
          })
          .where(
            and(
              eq(table.orderId, order.id),
              eq(table.status, "pending_payment"),
              orderIs(order.id, "paid"),
              kind.onOffer,
              covered,
            ),
          ),
        // Paid from the wallet the top-up just credited, once (the pack's or pass's debit is UNIQUE).
        walletDebitStatement(db, {
          for: kind.debit(id),
          userId: order.userId,
          amountMinor: order.amountMinor,
          currency: order.currency,
          note: kind.note,
          now,
          when: sql`${bought} AND NOT ${kind.debited(id)}`,
        }),
        kind.purchaseEntry(db, id, now),
        // Not bought (the offer was withdrawn meanwhile): it ends, and the money stays in the wallet.
        db
          .update(table)
          .set({ status: "cancelled", updatedAt: now })
          .where(and(eq(table.orderId, order.id), eq(table.status, "pending_payment"), orderIs(order.id, "paid"))),
      ];
    },
    release: (db, order, now) => [
      db
        .update(table)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(eq(table.orderId, order.id), eq(table.status, "pending_payment"), orderIs(order.id, "cancelled"))),
    ],
    confirmedMessages: (order: PayableOrder): OutboxEntry[] => [
      {
        key: `${kind.template}:${order.id}:notification`,
        channel: "notification",
        template: kind.template,
        params: { orderId: order.id },
      },
    ],
  };
}

/** A session pack bought by card: the earmark of its card top-up (workers/composition.ts). */
export const packCardEarmark = prepaidCardEarmark({
  table: packPurchases,
  onOffer: sql`EXISTS (SELECT 1 FROM pack_offers po JOIN products g ON g.id = po.product_id
    WHERE po.id = ${col(packPurchases.offerId)} AND po.active = 1 AND g.archived_at IS NULL)`,
  debit: (id) => ({ packId: id }),
  debited: (id) => sql`EXISTS (SELECT 1 FROM wallet_entries w WHERE w.pack_id = ${id} AND w.kind = 'pack_purchase')`,
  note: "Session pack",
  purchaseEntry: (db, id, now) => purchaseEntryStatement(db, id, now, { requireWalletDebit: true }),
  template: "pack-by-card",
});

/** What became of something bought in advance by card, as its buyer is told. */
export type CardPurchaseState = "waiting" | "bought" | "not_bought_in_wallet" | "not_bought";

/** The state of a card purchase from its row's status and its card order's (ADR 040). */
export function cardPurchaseState(status: PackStatus, orderStatus: string | null): CardPurchaseState {
  if (status === "paid") return "bought";
  if (status === "pending_payment") return "waiting";
  // Ended unbought: paid (the offer was withdrawn before the money came: it is in the wallet), or never paid.
  return orderStatus === "paid" ? "not_bought_in_wallet" : "not_bought";
}

/** A session pack bought by card, as the checkout pages and the notification say it. */
type CardPack = {
  packId: string;
  state: CardPurchaseState;
  gigId: string;
  gigTitle: string;
  streamerName: string;
  sessions: number;
  price: Money;
  expiresAt: Date;
};

async function cardPackRow(db: Db, orderId: string) {
  const [row] = await db
    .select({
      packId: packPurchases.id,
      userId: packPurchases.userId,
      streamerId: packPurchases.streamerId,
      status: packPurchases.status,
      orderStatus: orders.status,
      gigId: packPurchases.gigId,
      gigTitle: gigs.title,
      streamerName: users.fullName,
      streamerUsername: users.username,
      sessions: packPurchases.sessions,
      amountMinor: packPurchases.amountMinor,
      currency: packPurchases.currency,
      expiresAt: packPurchases.expiresAt,
    })
    .from(packPurchases)
    .innerJoin(gigs, eq(gigs.id, packPurchases.gigId))
    .innerJoin(users, eq(users.id, packPurchases.streamerId))
    .leftJoin(orders, eq(orders.id, packPurchases.orderId))
    .where(eq(packPurchases.orderId, orderId))
    .limit(1);
  return row ?? null;
}

function cardPackOf(row: NonNullable<Awaited<ReturnType<typeof cardPackRow>>>): CardPack {
  return {
    packId: row.packId,
    state: cardPurchaseState(row.status, row.orderStatus),
    gigId: row.gigId,
    gigTitle: row.gigTitle,
    streamerName: row.streamerName || row.streamerUsername,
    sessions: row.sessions,
    price: money(row.amountMinor, row.currency as CurrencyCode),
    expiresAt: row.expiresAt,
  };
}

/** The session pack the viewer's card order `orderId` pays for, or null (none, or not theirs). */
export async function cardPackOfOrder(env: Env, viewer: Viewer, orderId: string): Promise<CardPack | null> {
  const row = await cardPackRow(getDb(env), orderId);
  return row && row.userId === viewer.id ? cardPackOf(row) : null;
}

/** The outbox template "pack-by-card" (param orderId): the pack bought, or the money kept in the wallet. */
export async function packByCardNotice(env: Env, orderId: string): Promise<UserNotification | null> {
  const row = await cardPackRow(getDb(env), orderId);
  if (!row) return null;
  const pack = cardPackOf(row);
  if (pack.state === "bought") {
    return {
      userId: row.userId,
      type: "booking",
      title: PACKS_COPY.boughtNotice(pack.sessions, pack.gigTitle),
      url: gigPath(pack.gigId),
      influencerId: row.streamerId,
    };
  }
  if (pack.state === "not_bought_in_wallet") {
    return {
      userId: row.userId,
      type: "booking",
      title: PACKS_COPY.withdrawnNotice(formatMoney(pack.price)),
      url: "/profile#wallet",
      influencerId: row.streamerId,
    };
  }
  return null;
}
