import { and, eq, sql } from "drizzle-orm";
import { newId } from "~/lib/id";
import { formatMoney } from "~/lib/money";
import { noticeEntry } from "~/platform/outbox.server";
import { orders, walletEntries } from "~db/schema";
import type { FulfilmentStep } from "./steps";

/**
 * A wallet top-up's part of fulfilment: nothing is held; once the order is paid the same batch credits the
 * wallet (the partial UNIQUE (order_id, kind) of wallet_entries and the NOT EXISTS make it credit once).
 */
export const walletTopupStep: FulfilmentStep = {
  take: () => [],
  taken: () => sql`1 = 1`,
  afterPaid(db, order, now) {
    return [
      db.insert(walletEntries).select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            userId: orders.userId,
            amountMinor: orders.amountMinor,
            currency: orders.currency,
            kind: sql<"topup">`'topup'`.as("kind"),
            orderId: orders.id,
            refundId: sql<string | null>`NULL`.as("refund_id"),
            payoutId: sql<string | null>`NULL`.as("payout_id"),
            packId: sql<string | null>`NULL`.as("pack_id"),
            passId: sql<string | null>`NULL`.as("pass_id"),
            note: sql<string>`'Wallet top-up'`.as("note"),
            createdBy: sql<string | null>`NULL`.as("created_by"),
            createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
          })
          .from(orders)
          .where(
            and(
              eq(orders.id, order.id),
              eq(orders.status, "paid"),
              sql`NOT EXISTS (SELECT 1 FROM wallet_entries w WHERE w.order_id = ${order.id} AND w.kind = 'topup')`,
            ),
          ),
      ),
    ];
  },
  release: () => [],
  confirmedMessages: (order) => [
    noticeEntry(`topup:${order.id}`, {
      userId: order.userId,
      type: "system",
      title: `Your wallet was topped up with ${formatMoney(order)}`,
      url: "/profile",
    }),
  ],
};
