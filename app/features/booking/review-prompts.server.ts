import { eq, sql } from "drizzle-orm";
import { deliverMessages } from "~/features/messages/index.server";
import type { UserNotification } from "~/features/notifications/index.server";
import { isReviewable, REVIEWABLE_BOOKING_STATUSES } from "~/features/reviews";
import { formatSlotTime, recipientZone } from "~/features/time";
import { orderPath } from "~/lib/paths";
import { col, getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { outboxSelectStatement } from "~/platform/outbox.server";
import { bookings, orders, outboxMessages, reviews, slots } from "~db/schema";
import { linesEmail } from "./emails";
import { bookingMessageFacts } from "./message-facts.server";
import { awaitingMoveSql } from "./move-offer-sql.server";

/** The outbox template of "How was it?" after a session (an email and a notification), one per booking. */
const REVIEW_PROMPT_TEMPLATE = "review-prompt";

/**
 * How long after a slot's end its fans are still asked for a review: a cron run that was missed is made up for,
 * but a first run never mails every session ever played.
 */
const REVIEW_PROMPT_WITHIN_MS = 7 * 24 * 60 * 60_000;

const reviewFormPath = (orderId: string) => `${orderPath(orderId)}/review`;

/**
 * The cron's review prompts: for every booking whose slot ended (within `REVIEW_PROMPT_WITHIN_MS`), still
 * confirmed or completed, its order paid (not cancelled or refunded) and not reviewed yet, one "How was it?" email
 * and notification. Written as outbox rows keyed by the booking (`review-prompt:<bookingId>:<channel>`), set-based
 * and `ON CONFLICT DO NOTHING`, so overlapping or repeated runs write each once; then delivered (retried by the
 * outbox's sweep if that fails). Delivery renders them again and sends nothing when the booking stopped being
 * reviewable or was reviewed in between. Returns the keys this run wrote.
 */
export async function sendReviewPrompts(env: Env, now: Date = new Date()): Promise<string[]> {
  const db = getDb(env);
  const at = now.getTime();
  const statuses = sql.join(
    REVIEWABLE_BOOKING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const due = sql`${col(bookings.status)} IN (${statuses})
    AND EXISTS (SELECT 1 FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}
      AND ${col(slots.endsAt)} <= ${at} AND ${col(slots.endsAt)} > ${at - REVIEW_PROMPT_WITHIN_MS})
    AND EXISTS (SELECT 1 FROM ${orders} WHERE ${col(orders.id)} = ${col(bookings.orderId)} AND ${col(orders.status)} = 'paid')
    AND NOT EXISTS (SELECT 1 FROM ${reviews} WHERE ${col(reviews.bookingId)} = ${col(bookings.id)})
    AND NOT ${awaitingMoveSql(col(bookings.id))}`;
  const prompt = (channel: "email" | "notification") =>
    outboxSelectStatement(
      db,
      {
        channel,
        template: REVIEW_PROMPT_TEMPLATE,
        key: sql`${`${REVIEW_PROMPT_TEMPLATE}:`} || ${col(bookings.id)} || ${`:${channel}`}`,
        params: sql`json_object('bookingId', ${col(bookings.id)})`,
        table: bookings,
        where: due,
      },
      now,
    ).returning({ id: outboxMessages.id });
  const written = await db.batch([prompt("email"), prompt("notification")]);
  const keys = written.flat().map((row) => row.id);
  if (keys.length > 0) await deliverMessages(env, keys, now);
  return keys;
}

/**
 * What the prompt says, read when it is delivered: null once the booking is no longer reviewable (cancelled,
 * refunded) or was reviewed. Whether the slot has ended was settled when the row was written, so reviewability is
 * judged as of the slot's end.
 */
async function promptFacts(env: Env, bookingId: string) {
  const row = await bookingMessageFacts(env, bookingId);
  if (!row) return null;
  const [review] = await getDb(env).select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId));
  const facts = { orderStatus: row.orderStatus, bookingStatus: row.status, endsAt: row.endsAt };
  if (review || !isReviewable(facts, row.endsAt)) return null;
  return { ...row, title: row.title ?? "your session" };
}

export async function reviewPromptMail(env: Env, bookingId: string): Promise<EmailMessage | null> {
  const facts = await promptFacts(env, bookingId);
  if (!facts?.email) return null;
  const when = formatSlotTime(facts.startsAt, facts.endsAt, recipientZone(facts.timeZone));
  return linesEmail({
    to: facts.email,
    subject: `How was it? ${facts.title}`,
    lines: [
      `Hi ${facts.name || facts.username},`,
      `How was ${facts.title} (${when})? A few stars and a word help other fans choose, and the streamer too.`,
    ],
    link: { label: "Review this session", url: `${appOrigin(env)}${reviewFormPath(facts.orderId)}` },
  });
}

export async function reviewPromptNotice(env: Env, bookingId: string): Promise<UserNotification | null> {
  const facts = await promptFacts(env, bookingId);
  if (!facts) return null;
  return {
    userId: facts.userId,
    type: "booking",
    title: `How was it? Review ${facts.title}`,
    url: reviewFormPath(facts.orderId),
    influencerId: facts.streamerId,
  };
}
