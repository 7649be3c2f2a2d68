import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { openCardCheckout } from "~/features/payments/checkout.server";
import type { FulfilmentStep, PayableOrder } from "~/features/payments/steps";
import { badRequest } from "~/lib/errors";
import { newId } from "~/lib/id";
import { formatMoney } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { noticeEntry } from "~/platform/outbox.server";
import { orders, users, walletEntries } from "../../../db/schema";
import { TOPUP_MAX_MINOR, TOPUP_MIN_MINOR, TOPUP_RANGE_MESSAGE } from "./topup-schema";

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
      title: `Your wallet was topped up with ${formatMoney(order.amountMinor, order.currency, { decimals: true })}`,
      url: "/profile",
    }),
  ],
};

/** Starts a card top-up of the viewer's wallet: a pending wallet_topup order and its Checkout session. */
export async function startTopup(env: Env, viewer: Viewer, amountMinor: number, origin: string) {
  if (!Number.isInteger(amountMinor) || amountMinor < TOPUP_MIN_MINOR || amountMinor > TOPUP_MAX_MINOR) {
    throw badRequest(TOPUP_RANGE_MESSAGE, "amount");
  }
  const db = getDb(env);
  const order: PayableOrder = {
    id: newId(),
    userId: viewer.id,
    kind: "wallet_topup",
    status: "pending_payment",
    amountMinor,
    currency: "USD",
    influencerId: null,
    slotId: null,
    liveSessionId: null,
    checkoutSessionId: null,
  };
  await db.insert(orders).values({ ...order, paymentMethod: "card" });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  const checkout = await openCardCheckout(env, order, {
    name: "Noobrd wallet top-up",
    customerEmail: user?.email ?? null,
    origin,
  });
  return { orderId: order.id, ...checkout };
}
