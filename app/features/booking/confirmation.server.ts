import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, formatWhen, recipientZone } from "~/features/time";
import { escapeHtml } from "~/lib/html";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { bookings, gigs, orders, promoCodes, slots, users } from "~db/schema";
import {
  FULL_REFUND_BEFORE_MS,
  fullRefundDeadline,
  PARTIAL_REFUND_BEFORE_MS,
  PARTIAL_REFUND_PERCENT,
  partialRefundDeadline,
  refundTier,
} from "./cancellation-policy";
import { linesEmail } from "./emails";
import { bookingInvite, inviteAttachment, invitePeople } from "./invite.server";

const streamer = alias(users, "streamer");

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
      streamerId: orders.streamerId,
      email: users.email,
      fullName: users.fullName,
      timeZone: users.timeZone,
      slotId: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      gigId: slots.gigId,
      title: gigs.title,
      seats: bookings.seats,
      inviteSequence: bookings.inviteSequence,
      discountMinor: orders.discountMinor,
      promoCode: promoCodes.code,
      streamerFullName: streamer.fullName,
      streamerUsername: streamer.username,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(slots, eq(slots.id, orders.slotId))
    .innerJoin(bookings, eq(bookings.orderId, orders.id))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .leftJoin(streamer, eq(streamer.id, slots.streamerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const { streamerFullName, streamerUsername, ...facts } = row;
  return { ...facts, streamerName: streamerFullName || streamerUsername || "your streamer" };
}

const hours = (ms: number) => `${ms / 3_600_000} hours`;

/**
 * The Cancellation Policy's terms as they stand when the message is written (`now`): a booking made within a day of
 * its start is never promised a full-refund deadline already past (issue 50), but told what is left.
 */
export function cancellationTermsLine(startsAt: Date, now: Date, timeZone: string): string {
  const tier = refundTier(startsAt, now);
  const partialUntil = formatWhen(partialRefundDeadline(startsAt), timeZone);
  if (tier === "full") {
    return `Cancel before ${formatWhen(fullRefundDeadline(startsAt), timeZone)} for a full refund, or before ${partialUntil} for ${PARTIAL_REFUND_PERCENT}% back (the Cancellation Policy).`;
  }
  if (tier === "partial") {
    return `You booked within ${hours(FULL_REFUND_BEFORE_MS)} of the start, so a full refund no longer applies: cancel before ${partialUntil} for ${PARTIAL_REFUND_PERCENT}% back; later, no refund (the Cancellation Policy).`;
  }
  return `You booked within ${hours(PARTIAL_REFUND_BEFORE_MS)} of the start: a cancellation is no longer refunded (the Cancellation Policy).`;
}

/** What the confirmation says, in the fan's saved zone (UTC when they saved none; docs/decisions/019). */
function confirmationLines(facts: NonNullable<Awaited<ReturnType<typeof bookingFacts>>>, timeZone: string, now: Date) {
  const seats = `${facts.seats} seat${facts.seats === 1 ? "" : "s"}`;
  const paid = formatMoney(money(facts.amountMinor, facts.currency));
  const discount =
    facts.discountMinor > 0
      ? ` (${formatMoney(money(facts.discountMinor, facts.currency))} off${facts.promoCode ? ` with ${facts.promoCode}` : ""})`
      : "";
  return [
    `Hi ${facts.fullName},`,
    `Your booking is confirmed: ${facts.title ?? "game session"} with ${facts.streamerName}.`,
    `When: ${formatSlotTime(facts.startsAt, facts.endsAt, timeZone)}. ${seats}.`,
    `You paid ${paid}${discount}. Order ${facts.orderId}.`,
    `${cancellationTermsLine(facts.startsAt, now, timeZone)} The calendar invite is attached.`,
  ];
}

/** The booking confirmation (outbox template "booking-confirmed"): an email with the calendar invite. */
export async function bookingConfirmedEmail(env: Env, orderId: string, now = new Date()): Promise<EmailMessage | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts?.email) return null;
  const timeZone = recipientZone(facts.timeZone);
  const url = `${appOrigin(env)}${orderPath(orderId)}`;
  const title = `Noobrd: ${facts.title ?? "game session"} with ${facts.streamerName}`;
  const invite = bookingInvite(
    {
      orderId,
      title,
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
      url,
      timeZone,
      ...invitePeople(env, { email: facts.email, name: facts.fullName }, facts.streamerName),
    },
    "request",
    facts.inviteSequence,
  );
  const email = linesEmail({
    to: facts.email,
    subject: `Booking confirmed: ${facts.title ?? "your game session"}`,
    lines: confirmationLines(facts, timeZone, now),
    link: { label: "Your order", url },
  });
  return { ...email, attachments: [inviteAttachment(invite)] };
}

/** The booking confirmation in the app (outbox template "booking-confirmed"). */
export async function bookingConfirmedNotice(env: Env, orderId: string): Promise<UserNotification | null> {
  const facts = await bookingFacts(env, orderId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `Booking confirmed: ${facts.title ?? "game session"} with ${facts.streamerName}, ${formatWhen(facts.startsAt, recipientZone(facts.timeZone))}`,
    url: orderPath(orderId),
    influencerId: facts.streamerId,
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
