import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { latestSettledRefund, orderRefunds, owedRefundsOf } from "~/features/wallet/index.server";
import { escapeHtml } from "~/lib/html";
import { formatMoney } from "~/lib/money";
import { getDb, named } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { bookings, orders, products, slots, users } from "~db/schema";
import { REFUND_CHOICE_TEXT } from "./cancellation-policy";
import { slotCancelledEmail } from "./emails";

/**
 * The outbox messages of a cancelled booking: by its creator (template SLOT_CANCELLED_TEMPLATE in cancel.server.ts) or
 * by its fan (BOOKING_CANCELLED_TEMPLATE below), rendered when delivered: the refund reads as done or under way, as it is at that moment.
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
  if (row?.status !== "cancelled") return null;
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

/** The outbox template of the fan's own cancellation email (one per booking), rendered when delivered. */
export const BOOKING_CANCELLED_TEMPLATE = "booking-cancelled";

export function bookingCancelledEmailEntry(bookingId: string): OutboxEntry {
  return {
    key: `${BOOKING_CANCELLED_TEMPLATE}:${bookingId}:email`,
    channel: "email",
    template: BOOKING_CANCELLED_TEMPLATE,
    params: { bookingId },
  };
}

/** "You cancelled your booking": what was refunded and where, and the choice the policy gives. */
export async function bookingCancelledMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await cancelledFacts(env, bookingId);
  if (!facts?.email) return null;
  // The newest refund of the order, owed or carried out, with where it goes.
  const refund = (await orderRefunds(getDb(env), facts.orderId)).at(-1) ?? null;
  const amount = refund ? formatMoney(refund) : null;
  const refundLine = !refund
    ? "There is no refund this close to the start (see the Cancellation Policy)."
    : refund.method === "card"
      ? `${amount} is being refunded to the card you paid with: it shows there in 5–10 days.`
      : `${amount} was refunded to your Noobrd wallet, instantly: it is there now for your next booking.`;
  const link =
    refund?.method === "card"
      ? `${appOrigin(env)}/profile/orders/${facts.orderId}`
      : `${appOrigin(env)}/profile#wallet`;
  const lines = [
    `Hi ${facts.name || facts.username},`,
    `You cancelled ${facts.title ?? "your session"} (${formatSlotTime(facts.startsAt, null, recipientZone(facts.timeZone))}).`,
    refundLine,
    `A refund of a card payment goes where you choose when you cancel: ${REFUND_CHOICE_TEXT}. A wallet payment is refunded to your wallet.`,
  ];
  return {
    to: facts.email,
    subject: `Cancelled: ${facts.title ?? "your session"}`,
    text: [...lines, `Your order: ${link}`].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Your order</a></p>`,
    ].join("\n"),
  };
}
