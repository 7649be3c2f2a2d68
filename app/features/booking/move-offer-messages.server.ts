import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { moveOffers, slots } from "~db/schema";
import { linesEmail } from "./emails";
import { bookingMessageFacts, streamerToTell } from "./message-facts.server";

/**
 * What the offer's message reads when delivered, in the fan's zone: who can't make which time, the new time and the
 * deadline. Null once the offer was answered (nothing is sent late for an offer already decided).
 */
async function offerFacts(env: Env, offerId: string) {
  const db = getDb(env);
  const [offer] = await db
    .select({
      bookingId: moveOffers.bookingId,
      state: moveOffers.state,
      expiresAt: moveOffers.expiresAt,
      toStartsAt: slots.startsAt,
      toEndsAt: slots.endsAt,
    })
    .from(moveOffers)
    .innerJoin(slots, eq(slots.id, moveOffers.toSlotId))
    .where(eq(moveOffers.id, offerId));
  if (offer?.state !== "offered") return null;
  const facts = await bookingMessageFacts(env, offer.bookingId);
  if (!facts?.streamerId) return null;
  const told = await streamerToTell(env, facts.streamerId);
  const zone = recipientZone(facts.timeZone);
  const streamer = told ? told.name || told.username : "Your streamer";
  const oldTime = formatSlotTime(facts.startsAt, facts.endsAt, zone);
  const newTime = formatSlotTime(offer.toStartsAt, offer.toEndsAt, zone);
  return {
    facts,
    title: `${streamer} can't make ${oldTime}. Move to ${newTime} or get a full refund`,
    deadline: formatSlotTime(offer.expiresAt, null, zone),
    path: orderPath(facts.orderId, "new-time"),
  };
}

/** "<streamer> can't make <old time>. Move to <new time> or get a full refund": the fan's email. */
export async function moveOfferedMail(env: Env, offerId: string): Promise<EmailMessage | null> {
  const offer = await offerFacts(env, offerId);
  if (!offer?.facts.email) return null;
  return linesEmail({
    to: offer.facts.email,
    subject: `New time offered: ${offer.facts.title ?? "your session"}`,
    lines: [
      `Hi ${offer.facts.name || offer.facts.username},`,
      `${offer.title}.`,
      `Moving costs nothing: the price you paid stands. Without an answer by ${offer.deadline}, you are refunded in full to your wallet.`,
    ],
    link: { label: "Choose", url: `${appOrigin(env)}${offer.path}` },
  });
}

export async function moveOfferedNotice(env: Env, offerId: string): Promise<UserNotification | null> {
  const offer = await offerFacts(env, offerId);
  if (!offer) return null;
  return { userId: offer.facts.userId, type: "booking", title: offer.title, url: offer.path };
}

/**
 * What a withdrawn offer's message reads, in the fan's zone: the streamer keeps the booked time after all. Null once
 * the booking no longer stands there (cancelled, or its slot closed again meanwhile).
 */
async function withdrawnFacts(env: Env, bookingId: string) {
  const facts = await bookingMessageFacts(env, bookingId);
  if (!facts?.streamerId || facts.status !== "confirmed") return null;
  const [slot] = await getDb(env).select({ status: slots.status }).from(slots).where(eq(slots.id, facts.slotId));
  if (slot?.status !== "open") return null;
  const told = await streamerToTell(env, facts.streamerId);
  const streamer = told ? told.name || told.username : "Your streamer";
  const time = formatSlotTime(facts.startsAt, facts.endsAt, recipientZone(facts.timeZone));
  return { facts, title: `${streamer} can make ${time} after all: your booking stands` };
}

/** "<streamer> can make <time> after all: your booking stands": the fan's email when the offer is withdrawn. */
export async function moveWithdrawnMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const withdrawn = await withdrawnFacts(env, bookingId);
  if (!withdrawn?.facts.email) return null;
  return linesEmail({
    to: withdrawn.facts.email,
    subject: `Offer withdrawn: ${withdrawn.facts.title ?? "your session"} stays as booked`,
    lines: [
      `Hi ${withdrawn.facts.name || withdrawn.facts.username},`,
      `${withdrawn.title}.`,
      "The offer of another time is withdrawn: there is nothing to answer, and your calendar invite stands.",
    ],
    link: { label: "Your booking", url: `${appOrigin(env)}${orderPath(withdrawn.facts.orderId)}` },
  });
}

export async function moveWithdrawnNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const withdrawn = await withdrawnFacts(env, bookingId);
  if (!withdrawn) return null;
  return {
    userId: withdrawn.facts.userId,
    type: "booking",
    title: withdrawn.title,
    url: orderPath(withdrawn.facts.orderId),
  };
}
