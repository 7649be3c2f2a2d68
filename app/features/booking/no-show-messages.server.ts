import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { orderPath } from "~/lib/paths";
import { getDb, named } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { bookings, gigs, lobbyCodes, slots, users } from "~db/schema";
import { linesEmail } from "./emails";
import { bookingMessageFacts } from "./message-facts.server";
import { noShowRefundOffered } from "./no-show-policy";

/**
 * The messages of the streamer no-show rule (no-show-policy.ts), rendered when delivered: "your session started" with
 * the lobby code, to each fan of a started slot (template `slot-started`), and "you did not start", to the streamer of
 * a slot found a no-show (template `streamer-no-show`).
 */
async function startedFacts(env: Env, bookingId: string) {
  const facts = await bookingMessageFacts(env, bookingId);
  if (facts?.status !== "confirmed") return null;
  const row = await getDb(env)
    .select({ code: lobbyCodes.code })
    .from(bookings)
    .innerJoin(lobbyCodes, eq(lobbyCodes.slotId, bookings.slotId))
    .where(eq(bookings.id, bookingId))
    .get();
  const title = facts.title ?? "Your session";
  const lobby = row?.code ? `The lobby code is ${row.code}.` : "Your streamer will share the lobby in the session.";
  return { ...facts, title, lobby };
}

export async function slotStartedNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await startedFacts(env, bookingId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `${facts.title} has started. ${facts.lobby}`,
    url: orderPath(facts.orderId),
    influencerId: facts.streamerId,
  };
}

export async function slotStartedMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await startedFacts(env, bookingId);
  if (!facts?.email) return null;
  return linesEmail({
    to: facts.email,
    subject: `Started: ${facts.title}`,
    lines: [
      `Hi ${facts.name || facts.username},`,
      `${facts.title} (${formatSlotTime(facts.startsAt, null, recipientZone(facts.timeZone))}) has started.`,
      facts.lobby,
    ],
    link: { label: "Your order", url: `${appOrigin(env)}${orderPath(facts.orderId)}` },
  });
}

async function noShowFacts(env: Env, slotId: string) {
  const [row] = await getDb(env)
    .select(
      named({
        userId: users.id,
        email: users.email,
        name: users.fullName,
        username: users.username,
        timeZone: users.timeZone,
        startsAt: slots.startsAt,
        noShowAt: slots.noShowAt,
        title: gigs.title,
      }),
    )
    .from(slots)
    .innerJoin(users, eq(users.id, slots.streamerId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(eq(slots.id, slotId));
  if (!row?.noShowAt) return null;
  return { ...row, title: row.title ?? "your session" };
}

export async function streamerNoShowNotice(env: Env, slotId: string): Promise<UserNotification | null> {
  const facts = await noShowFacts(env, slotId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `You did not start ${facts.title}: its fans were refunded in full`,
    url: "/influencer/calendar-dashboard",
  };
}

export async function streamerNoShowMail(env: Env, slotId: string): Promise<EmailMessage | null> {
  const facts = await noShowFacts(env, slotId);
  if (!facts?.email) return null;
  return linesEmail({
    to: facts.email,
    subject: `Not started: ${facts.title}`,
    lines: [
      `Hi ${facts.name || facts.username},`,
      `${facts.title} (${formatSlotTime(facts.startsAt, null, recipientZone(facts.timeZone))}) was not started within an hour of its start.`,
      "Every fan still booked on it was refunded in full, and the slot is recorded as a no-show.",
    ],
    link: { label: "Your calendar", url: `${appOrigin(env)}/influencer/calendar-dashboard` },
  });
}

/** The outbox template of "your streamer has not started: take a full refund", 15 minutes after the start. */
export const NO_SHOW_OFFERED_TEMPLATE = "no-show-offered";
/** The outbox template of "a fan took the no-show refund", told to the slot's streamer. */
export const NO_SHOW_CLAIMED_TEMPLATE = "no-show-claimed";

/**
 * The facts of a booking whose no-show refund is on offer: only while it still is (the booking confirmed, the slot
 * neither started nor a no-show), so a message delivered late never offers what is gone.
 */
async function offeredFacts(env: Env, bookingId: string, now = new Date()) {
  const facts = await bookingMessageFacts(env, bookingId);
  if (facts?.status !== "confirmed") return null;
  const slot = await getDb(env)
    .select({ startedAt: slots.startedAt, noShowAt: slots.noShowAt, status: slots.status })
    .from(slots)
    .where(eq(slots.id, facts.slotId))
    .get();
  if (!slot || !noShowRefundOffered({ ...facts, ...slot }, facts.status, now)) return null;
  return { ...facts, title: facts.title ?? "Your session" };
}

export async function noShowOfferedNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await offeredFacts(env, bookingId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `${facts.title} has not started: you can take a full refund now`,
    url: orderPath(facts.orderId),
    influencerId: facts.streamerId,
  };
}

export async function noShowOfferedMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await offeredFacts(env, bookingId);
  if (!facts?.email) return null;
  return linesEmail({
    to: facts.email,
    subject: `Not started yet: ${facts.title}`,
    lines: [
      `Hi ${facts.name || facts.username},`,
      `${facts.title} (${formatSlotTime(facts.startsAt, null, recipientZone(facts.timeZone))}) has not started 15 minutes after its start.`,
      "You can take a full refund now with one tap on your order, or keep waiting: if the streamer has not started an hour after the start, you are refunded in full automatically.",
    ],
    link: { label: "Get a full refund", url: `${appOrigin(env)}${orderPath(facts.orderId)}` },
  });
}

/** The streamer hears that a fan took the refund of a session they had not started. */
export async function noShowClaimedNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await bookingMessageFacts(env, bookingId);
  if (facts?.status !== "cancelled") return null;
  return {
    userId: facts.streamerId,
    type: "booking",
    title: `${facts.username} took a full refund: ${facts.title ?? "your session"} had not started 15 minutes after its start`,
    url: "/influencer/calendar-dashboard",
  };
}
