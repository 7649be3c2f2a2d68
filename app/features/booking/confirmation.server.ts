import { eq } from "drizzle-orm";
import { createEvent, type DateTime } from "ics";
import { notifyUser } from "~/features/notifications/notify.server";
import { escapeHtml } from "~/lib/html";
import { getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { bookings, orders, products, slots, users } from "../../../db/schema";
import { formatSlotTime } from "./time-zone";

/**
 * What the fan is told when a booking is confirmed (an email with a calendar invite, and an in-app
 * notification) or when a late payment was refunded to the wallet. Each is called once, by the one door whose
 * conditional write applied (fulfilment.server.ts, purchase.server.ts).
 */
async function bookingFacts(env: Env, orderId: string) {
  const db = getDb(env);
  const [row] = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      amountMinor: orders.amountMinor,
      influencerId: orders.influencerId,
      email: users.email,
      fullName: users.fullName,
      slotId: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      productId: slots.productId,
      title: products.title,
      seats: bookings.seats,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(slots, eq(slots.id, orders.slotId))
    .innerJoin(bookings, eq(bookings.orderId, orders.id))
    .leftJoin(products, eq(products.id, slots.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

const utcParts = (date: Date): DateTime => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/** The .ics invite: times in UTC (a calendar shows them in its own zone). */
export function bookingInvite(input: {
  orderId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  url: string;
}): string {
  const { error, value } = createEvent({
    uid: `booking-${input.orderId}@noobrd.gg`,
    productId: "noobrd/bookings",
    method: "PUBLISH",
    title: input.title,
    description: `Your Noobrd session. The lobby code appears on ${input.url} shortly before the start.`,
    url: input.url,
    start: utcParts(input.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcParts(input.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("calendar invite");
  return value;
}

export async function sendBookingConfirmation(env: Env, orderId: string): Promise<void> {
  const facts = await bookingFacts(env, orderId);
  if (!facts) return;
  const title = `Noobrd: ${facts.title ?? "game session"}`;
  const when = formatSlotTime(facts.startsAt, facts.endsAt, "UTC");
  const origin = env.PUBLIC_ORIGIN ?? "http://localhost";
  const url = `${origin}/profile`;
  await notifyUser(env, {
    userId: facts.userId,
    type: "booking",
    title: `Booking confirmed: ${facts.title ?? "game session"}`,
    url: "/profile",
    influencerId: facts.influencerId,
  });
  if (!facts.email) return;
  const invite = bookingInvite({ orderId, title, startsAt: facts.startsAt, endsAt: facts.endsAt, url });
  const seats = `${facts.seats} seat${facts.seats === 1 ? "" : "s"}`;
  await emailSender(env).send({
    to: facts.email,
    subject: `Booking confirmed: ${facts.title ?? "your game session"}`,
    text: `Hi ${facts.fullName},\n\nYour booking is confirmed: ${seats}, ${when}.\nOrder ${orderId}.\nThe calendar invite is attached. Your orders: ${url}\n`,
    html: `<p>Hi ${escapeHtml(facts.fullName)},</p><p>Your booking is confirmed: ${seats}, <strong>${escapeHtml(when)}</strong>.</p><p>Order ${orderId}. The calendar invite is attached. <a href="${url}">Your orders</a></p>`,
    attachments: [{ filename: "noobrd-session.ics", contentType: "text/calendar; charset=utf-8", content: invite }],
  });
}

export async function sendLateRefundNotice(env: Env, orderId: string): Promise<void> {
  const facts = await bookingFacts(env, orderId);
  if (!facts) return;
  const amount = `$${(facts.amountMinor / 100).toFixed(2)}`;
  const message = `Your payment of ${amount} arrived after your seat hold expired and the seat was taken. It was refunded in full to your wallet.`;
  await notifyUser(env, {
    userId: facts.userId,
    type: "booking",
    title: "Payment refunded to your wallet",
    url: "/profile",
  });
  if (!facts.email) return;
  await emailSender(env).send({
    to: facts.email,
    subject: "Your payment was refunded to your wallet",
    text: `Hi ${facts.fullName},\n\n${message}\nOrder ${orderId}.\n`,
    html: `<p>Hi ${escapeHtml(facts.fullName)},</p><p>${message}</p><p>Order ${orderId}.</p>`,
  });
}
