import { and, eq, sql } from "drizzle-orm";
import { newId } from "~/lib/id";
import { formatMoney } from "~/lib/money";
import { noticeEntry } from "~/platform/outbox.server";
import { orders, walletEntries } from "~db/schema";
import type { FulfilmentStep, PayableOrder, TopupEarmark } from "./steps";

/**
 * A wallet top-up's part of fulfilment: nothing is held; once the order is paid the same batch credits the
 * wallet (the partial UNIQUE (order_id, kind) of wallet_entries and the NOT EXISTS make it credit once). A top-up
 * earmarked for a purchase (a session pack or a VIP pass bought by card: docs/decisions/040) then pays it from the
 * wallet in that batch, through the earmarks the composition root hands in (workers/composition.ts), and its buyer is
 * told what was bought instead of "your wallet was topped up".
 */
export function walletTopupStep(earmarks: readonly TopupEarmark[] = []): FulfilmentStep {
  const earmarked = (order: PayableOrder) =>
    earmarks.length === 0
      ? sql`0`
      : sql.join(
          earmarks.map((earmark) => sql`(${earmark.earmarked(order)})`),
          sql` OR `,
        );
  return {
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
        // Then what the top-up was earmarked for, paid from the wallet just credited (ADR 040).
        ...earmarks.flatMap((earmark) => earmark.spend(db, order, now)),
      ];
    },
    release: (db, order, now) => earmarks.flatMap((earmark) => earmark.release(db, order, now)),
    confirmedMessages: (order) => [
      {
        ...noticeEntry(`topup:${order.id}`, {
          userId: order.userId,
          type: "system",
          title: `Your wallet was topped up with ${formatMoney(order)}`,
          url: "/profile",
        }),
        when: sql`NOT (${earmarked(order)})`,
      },
      ...earmarks.flatMap((earmark) =>
        earmark.confirmedMessages(order).map((entry) => ({ ...entry, when: earmark.earmarked(order) })),
      ),
    ],
  };
}
