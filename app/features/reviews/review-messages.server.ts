import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { UserNotification } from "~/features/notifications/index.server";
import { gigPath } from "~/lib/paths.server";
import { type Db, getDb } from "~/platform/db.server";
import type { EmailMessage } from "~/platform/email/email.server";
import { linesEmail } from "~/platform/email/lines-email";
import { appOrigin } from "~/platform/env.server";
import { outboxStatement } from "~/platform/outbox.server";
import { gigs, reviews, users } from "~db/schema";

/**
 * The streamer hears of a new review (issue 50, as Metafy coaches do): an email and a notification, each with the
 * link to the review on its gig's page, where they reply. Written with the review, in its batch (outbox), and rendered
 * when delivered: a review hidden meanwhile by staff is not sent.
 */
const REVIEW_POSTED_TEMPLATE = "review-posted";

/** The outbox rows of a new review, for the posting batch. */
export function reviewPostedStatements(db: Db, reviewId: string, now: Date) {
  return (["email", "notification"] as const).map((channel) =>
    outboxStatement(
      db,
      {
        key: `${REVIEW_POSTED_TEMPLATE}:${reviewId}:${channel}`,
        channel,
        template: REVIEW_POSTED_TEMPLATE,
        params: { reviewId },
      },
      { now },
    ),
  );
}

/** Where the streamer reads and answers a review: the review on its gig's page. */
const reviewReplyPath = (gigId: string, reviewId: string) => `${gigPath(gigId)}#review-${reviewId}`;

const author = alias(users, "author");

async function postedFacts(env: Env, reviewId: string) {
  const [row] = await getDb(env)
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      hiddenAt: reviews.hiddenAt,
      gigId: reviews.gigId,
      gigTitle: gigs.title,
      streamerId: reviews.streamerId,
      streamerEmail: users.email,
      streamerName: users.fullName,
      streamerUsername: users.username,
      authorUsername: author.username,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.streamerId))
    .innerJoin(author, eq(author.id, reviews.userId))
    .leftJoin(gigs, eq(gigs.id, reviews.gigId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!row || row.hiddenAt || !row.gigId) return null;
  return { ...row, gigId: row.gigId, title: row.gigTitle ?? "your gig" };
}

const streamers = (rating: number) => `${rating} star${rating === 1 ? "" : "s"}`;

export async function reviewPostedMail(env: Env, reviewId: string): Promise<EmailMessage | null> {
  const facts = await postedFacts(env, reviewId);
  if (!facts?.streamerEmail) return null;
  return linesEmail({
    to: facts.streamerEmail,
    subject: `New review: ${streamers(facts.rating)} for ${facts.title}`,
    lines: [
      `Hi ${facts.streamerName || facts.streamerUsername},`,
      `${facts.authorUsername} reviewed ${facts.title}: ${streamers(facts.rating)}.`,
      ...(facts.comment ? [`"${facts.comment}"`] : []),
      "A short reply shows under the review on your gig's page, for every fan who reads it.",
    ],
    link: { label: "Read and reply", url: `${appOrigin(env)}${reviewReplyPath(facts.gigId, facts.id)}` },
  });
}

export async function reviewPostedNotice(env: Env, reviewId: string): Promise<UserNotification | null> {
  const facts = await postedFacts(env, reviewId);
  if (!facts) return null;
  return {
    userId: facts.streamerId,
    type: "booking",
    title: `New review: ${streamers(facts.rating)} from ${facts.authorUsername} for ${facts.title}. Reply`,
    url: reviewReplyPath(facts.gigId, facts.id),
  };
}
