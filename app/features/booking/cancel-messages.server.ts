import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/notify.server";
import { recipientZone } from "~/features/time/zone";
import { latestSettledRefund, owedRefundsOf } from "~/features/wallet/refund-state.server";
import { formatMoney } from "~/lib/money";
import { getDb, named } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { bookings, orders, products, slots, users } from "~db/schema";
import { slotCancelledEmail } from "./emails";

/**
 * The outbox messages of a slot cancelled by its creator (template SLOT_CANCELLED_TEMPLATE in cancel.server.ts),
 * rendered when delivered: the refund reads as done or under way, as it is at that moment.
 */
async function cancelledFacts(env: Env, bookingId: string) {
  const db = getDb(env);
  const [row] = await db
    .select(
      named({
        userId: bookings.userId,
        status: bookings.status,
        orderId: orders.id,
        email: users.email,
        name: users.fullName,
        username: users.username,
        timeZone: users.timeZone,
        startsAt: slots.startsAt,
        title: products.title,
      }),
    )
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(products, eq(products.id, slots.productId))
    .where(eq(bookings.id, bookingId));
  if (!row || row.status !== "cancelled") return null;
  const owed = (await owedRefundsOf(db, [row.orderId])).get(row.orderId);
  const settled = owed ? null : await latestSettledRefund(db, row.orderId);
  const refund = owed
    ? { amount: formatMoney(owed), done: false }
    : settled
      ? { amount: formatMoney(settled), done: true }
      : null;
  return { ...row, refund };
}

export async function slotCancelledMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts?.email) return null;
  return slotCancelledEmail({
    to: facts.email,
    name: facts.name || facts.username,
    title: facts.title ?? "your session",
    startsAt: facts.startsAt,
    timeZone: recipientZone(facts.timeZone),
    refund: facts.refund,
    origin: appOrigin(env),
  });
}

export async function slotCancelledNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title:
      facts.refund?.done === false
        ? "Your session was cancelled by the creator; your full refund to your wallet is under way"
        : "Your session was cancelled by the creator; you got a full refund to your wallet",
    url: "/profile#wallet",
  };
}
