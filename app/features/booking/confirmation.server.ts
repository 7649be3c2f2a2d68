import { eq } from "drizzle-orm";
import { createEvent, type DateTime } from "ics";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { escapeHtml } from "~/lib/html";
import { icsText } from "~/lib/ics-text";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { bookings, orders, products, slots, users } from "~db/schema";

/**
 * What the fan is told when a booking is confirmed (an email with a calendar invite, and an in-app
 * notification) or when a late payment was refunded to the wallet. These render outbox messages
 * (app/features/messages): the fulfilment or purchase batch writes the message rows with the change, and
 * delivery renders them from the data as it is then.
 */
async function bookingFacts(env: Env, orderId: string) {
  const db = getDb(env);
  const [row] = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
      influencerId: orders.influencerId,
      email: users.email,
      fullName: users.fullName,
      timeZone: users.timeZone,
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

/** An instant as the ics library's UTC date-time parts (minutes). */
export const utcParts = (date: Date): DateTime => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/**
 * The .ics invite: times as UTC instants (a calendar shows them in its own zone); the description says the time in
 * the recipient's zone, named (docs/decisions/019-viewer-time-zone.md).
 */
export function bookingInvite(input: {
  orderId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  url: string;
  timeZone: string;
}): string {
  const when = formatSlotTime(input.startsAt, input.endsAt, input.timeZone);
  const { error, value } = createEvent({
    uid: `booking-${input.orderId}@noobrd.gg`,
    productId: "noobrd/bookings",
    method: "PUBLISH",
    title: icsText(input.title),
    description: icsText(
      `Your Noobrd session, ${when}. The lobby code appears on ${input.url} shortly before the start.`,
    ),
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

/** The booking confirmation (outbox template "booking-confirmed"): an email with the calendar invite. */
export async function bookingConfirmedEmail(env: Env, orderId: string): Promise<EmailMessage | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts?.email) return null;
  const title = `Noobrd: ${facts.title ?? "game session"}`;
  // In the fan's saved zone, named; UTC when they saved none (docs/decisions/019-viewer-time-zone.md).
  const timeZone = recipientZone(facts.timeZone);
  const when = formatSlotTime(facts.startsAt, facts.endsAt, timeZone);
  const url = `${appOrigin(env)}/profile`;
  const invite = bookingInvite({ orderId, title, startsAt: facts.startsAt, endsAt: facts.endsAt, url, timeZone });
  const seats = `${facts.seats} seat${facts.seats === 1 ? "" : "s"}`;
  const paid = formatMoney(money(facts.amountMinor, facts.currency));
  return {
    to: facts.email,
    subject: `Booking confirmed: ${facts.title ?? "your game session"}`,
    text: `Hi ${facts.fullName},\n\nYour booking is confirmed: ${seats}, ${when}.\nYou paid ${paid}. Order ${orderId}.\nThe calendar invite is attached. Your orders: ${url}\n`,
    html: `<p>Hi ${escapeHtml(facts.fullName)},</p><p>Your booking is confirmed: ${seats}, <strong>${escapeHtml(when)}</strong>.</p><p>You paid ${paid}. Order ${orderId}. The calendar invite is attached. <a href="${url}">Your orders</a></p>`,
    attachments: [{ filename: "noobrd-session.ics", contentType: "text/calendar; charset=utf-8", content: invite }],
  };
}

/** The booking confirmation in the app (outbox template "booking-confirmed"). */
export async function bookingConfirmedNotice(env: Env, orderId: string): Promise<UserNotification | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `Booking confirmed: ${facts.title ?? "game session"}`,
    url: "/profile",
    influencerId: facts.influencerId,
  };
}

const lateRefundText = (amountMinor: number, currency: CurrencyCode) =>
  `Your payment of ${formatMoney(money(amountMinor, currency))} arrived after your seat hold expired and the seat was taken. It was refunded in full to your wallet.`;

/** A late payment refunded to the wallet (outbox template "late-refund"). */
export async function lateRefundEmail(env: Env, orderId: string): Promise<EmailMessage | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts?.email) return null;
  const message = lateRefundText(facts.amountMinor, facts.currency);
  return {
    to: facts.email,
    subject: "Your payment was refunded to your wallet",
    text: `Hi ${facts.fullName},\n\n${message}\nOrder ${orderId}.\n`,
    html: `<p>Hi ${escapeHtml(facts.fullName)},</p><p>${escapeHtml(message)}</p><p>Order ${orderId}.</p>`,
  };
}

export async function lateRefundNotice(env: Env, orderId: string): Promise<UserNotification | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts) return null;
  return { userId: facts.userId, type: "booking", title: "Payment refunded to your wallet", url: "/profile" };
}

/** The outbox rows of a confirmed booking (email with invite, notification), keyed by the order: written once. */
export function bookingConfirmedMessages(orderId: string): OutboxEntry[] {
  return (["email", "notification"] as const).map((channel) => ({
    key: `booking-confirmed:${orderId}:${channel}`,
    channel,
    template: "booking-confirmed",
    params: { orderId },
  }));
}

/** The outbox rows of a late payment refunded to the wallet. */
export function lateRefundMessages(orderId: string): OutboxEntry[] {
  return (["email", "notification"] as const).map((channel) => ({
    key: `late-refund:${orderId}:${channel}`,
    channel,
    template: "late-refund",
    params: { orderId },
  }));
}
