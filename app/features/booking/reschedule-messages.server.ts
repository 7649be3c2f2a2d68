import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import type { OutboxEntry } from "~/platform/outbox.server";
import { slots } from "~db/schema";
import { linesEmail } from "./emails";
import { bookingInvite, inviteAttachment, invitePeople } from "./invite.server";
import { bookingMessageFacts, streamerToTell } from "./message-facts.server";

/** The outbox templates of a moved booking: the fan's (email with the new invite, notification) and the streamer's. */
const BOOKING_MOVED_TEMPLATE = "booking-moved";
const FAN_MOVED_TEMPLATE = "fan-moved";

/**
 * The messages of one move (the `sequence`-th version of the booking's invite): written once per move. They carry the
 * slot the booking left (`fromSlotId`), so the fan reads the old time beside the new one.
 */
export function bookingMovedEntries(bookingId: string, sequence: number, fromSlotId: string): OutboxEntry[] {
  return [BOOKING_MOVED_TEMPLATE, FAN_MOVED_TEMPLATE].flatMap((template) =>
    (["email", "notification"] as const).map((channel) => ({
      key: `${template}:${bookingId}:${sequence}:${channel}`,
      channel,
      template,
      params: { bookingId, fromSlotId },
    })),
  );
}

/** The booking as it stands when the message is delivered (its new time), or null when it is no longer confirmed. */
async function movedFacts(env: Env, bookingId: string) {
  const facts = await bookingMessageFacts(env, bookingId);
  return facts?.status === "confirmed" ? facts : null;
}

/** " (was <old time>)" in `zone`, from the slot the booking left; empty for a message written before it was kept. */
async function wasTime(env: Env, params: Readonly<Record<string, unknown>>, zone: string): Promise<string> {
  const fromSlotId = params.fromSlotId;
  if (typeof fromSlotId !== "string") return "";
  const [slot] = await getDb(env)
    .select({ startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(eq(slots.id, fromSlotId));
  return slot ? ` (was ${formatSlotTime(slot.startsAt, slot.endsAt, zone)})` : "";
}

/** "Your booking moved": the new time in the fan's zone, and an invite with the same UID and the next SEQUENCE. */
export async function bookingMovedMail(
  env: Env,
  bookingId: string,
  params: Readonly<Record<string, unknown>> = {},
): Promise<EmailMessage | null> {
  const facts = await movedFacts(env, bookingId);
  if (!facts?.email) return null;
  const timeZone = recipientZone(facts.timeZone);
  const url = `${appOrigin(env)}${orderPath(facts.orderId)}`;
  const title = facts.title ?? "your session";
  const invite = bookingInvite(
    {
      orderId: facts.orderId,
      title: `Noobrd: ${title}`,
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
      url,
      timeZone,
      ...invitePeople(env, { email: facts.email, name: facts.name || facts.username }, facts.streamerName),
    },
    "request",
    facts.inviteSequence,
  );
  const email = linesEmail({
    to: facts.email,
    subject: `Booking moved: ${title}`,
    lines: [
      `Hi ${facts.name || facts.username},`,
      `Your booking of ${title} is now at ${formatSlotTime(facts.startsAt, facts.endsAt, timeZone)}${await wasTime(env, params, timeZone)}.`,
      "Nothing more to pay: the price you paid stands. The invite attached updates the event in your calendar.",
    ],
    link: { label: "Your order", url },
  });
  return { ...email, attachments: [inviteAttachment(invite)] };
}

export async function bookingMovedNotice(
  env: Env,
  bookingId: string,
  params: Readonly<Record<string, unknown>> = {},
): Promise<UserNotification | null> {
  const facts = await movedFacts(env, bookingId);
  if (!facts) return null;
  const zone = recipientZone(facts.timeZone);
  const when = `${formatSlotTime(facts.startsAt, facts.endsAt, zone)}${await wasTime(env, params, zone)}`;
  return {
    userId: facts.userId,
    type: "booking",
    title: `Booking moved: ${facts.title ?? "your session"} is now at ${when}`,
    url: orderPath(facts.orderId),
  };
}

/** The streamer's side: which fan moved which gig to what time, in the streamer's zone. */
async function fanMovedFacts(env: Env, bookingId: string) {
  const facts = await movedFacts(env, bookingId);
  if (!facts?.streamerId) return null;
  const streamer = await streamerToTell(env, facts.streamerId);
  if (!streamer) return null;
  const when = formatSlotTime(facts.startsAt, facts.endsAt, recipientZone(streamer.timeZone));
  const fan = facts.name || facts.username;
  return { streamer, line: `${fan} moved their booking of ${facts.title ?? "your session"} to ${when}.` };
}

export async function fanMovedMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await fanMovedFacts(env, bookingId);
  if (!facts?.streamer.email) return null;
  return linesEmail({
    to: facts.streamer.email,
    subject: "A fan moved their booking",
    lines: [`Hi ${facts.streamer.name || facts.streamer.username},`, facts.line, "The seats they left are free again."],
    link: { label: "Your calendar", url: `${appOrigin(env)}/influencer/calendar-dashboard` },
  });
}

export async function fanMovedNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await fanMovedFacts(env, bookingId);
  if (!facts) return null;
  return { userId: facts.streamer.id, type: "booking", title: facts.line, url: "/influencer/calendar-dashboard" };
}
