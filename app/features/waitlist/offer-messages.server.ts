import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatSlotTime, formatWhen, recipientZone } from "~/features/time";
import { escapeHtml } from "~/lib/html";
import { getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { gigs, slots, users, waitlistEntries } from "~db/schema";
import { offerCheckoutPath } from "./links.server";
import { OFFER_MINUTES } from "./rules";

/**
 * What a fan is told when seats are held for them from a waitlist (template WAITLIST_OFFER_TEMPLATE of
 * offers.server.ts, an email and a notification), rendered when delivered: nothing is sent for an offer that is no
 * longer live (the fan booked, left, or its time ran out before delivery).
 */
async function offerFacts(env: Env, entryId: string, now = new Date()) {
  const [row] = await getDb(env)
    .select({
      userId: waitlistEntries.userId,
      status: waitlistEntries.status,
      seats: waitlistEntries.seats,
      slotId: waitlistEntries.slotId,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      email: users.email,
      name: users.fullName,
      username: users.username,
      timeZone: users.timeZone,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      gigId: slots.gigId,
      title: gigs.title,
      streamerId: slots.streamerId,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(eq(waitlistEntries.id, entryId));
  if (row?.status !== "offered" || !row.gigId || !row.offerExpiresAt) return null;
  if (row.offerExpiresAt.getTime() <= now.getTime()) return null;
  return { ...row, gigId: row.gigId, offerExpiresAt: row.offerExpiresAt };
}

const seatsText = (seats: number) => `${seats} seat${seats === 1 ? "" : "s"}`;

export async function waitlistOfferEmail(env: Env, entryId: string): Promise<EmailMessage | null> {
  const facts = await offerFacts(env, entryId);
  if (!facts?.email) return null;
  const zone = recipientZone(facts.timeZone);
  const title = facts.title ?? "your session";
  const link = `${appOrigin(env)}${offerCheckoutPath(facts.gigId, facts.slotId, facts.seats)}`;
  const lines = [
    `Hi ${facts.name || facts.username},`,
    `Good news: ${seatsText(facts.seats)} freed up in ${title} (${formatSlotTime(facts.startsAt, facts.endsAt, zone)}), and they are held for you until ${formatWhen(facts.offerExpiresAt, zone)}.`,
    "Book them before then; after that they go to the next fan on the waitlist.",
  ];
  return {
    to: facts.email,
    subject: `Seats held for you: ${title}`,
    text: [...lines, `Book now: ${link}`].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Book now</a></p>`,
    ].join("\n"),
  };
}

export async function waitlistOfferNotice(env: Env, entryId: string): Promise<UserNotification | null> {
  const facts = await offerFacts(env, entryId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `${seatsText(facts.seats)} held for you in ${facts.title ?? "a session"} from the waitlist: book within ${OFFER_MINUTES} minutes`,
    url: offerCheckoutPath(facts.gigId, facts.slotId, facts.seats),
    influencerId: facts.streamerId,
  };
}
