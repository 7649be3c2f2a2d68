import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Viewer } from "~/features/access";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { batchGuard, type Db, getDb, isBatchGuardFailure, isUniqueViolation, named } from "~/platform/db.server";
import { bookings, gigs, orders, reviewReports, reviews, slots, users } from "~db/schema";
import { REVIEW_EDIT_WINDOW_MS } from "./constants";
import { REVIEW_COPY } from "./copy";
import { reviewPostedStatements } from "./review-messages.server";
import { hasBeenPlayed, isEditable, isReviewable, REVIEWABLE_BOOKING_STATUSES } from "./rules";
import type { ReviewInput } from "./schema";

/**
 * A fan's review of a played session, and the streamer's reply and fans' reports (docs/domain.md, "Review"). Each use
 * case checks who may do it before it writes; each write that changes what public pages show is one batch with the
 * catalogue version's bump, so the edge-cached gig and star pages (app/platform/edge/cache.server.ts) are never
 * served with a review missing or one staff hid.
 */

const streamer = alias(users, "star");

/** One order of the viewer with its booking, slot, gig and any review: what the review form needs. */
async function orderFacts(db: Db, orderId: string) {
  const rows = await db
    .select(
      named({
        orderId: orders.id,
        userId: orders.userId,
        kind: orders.kind,
        orderStatus: orders.status,
        bookingId: bookings.id,
        bookingStatus: bookings.status,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        streamerId: slots.streamerId,
        gigId: slots.gigId,
        gigTitle: gigs.title,
        streamerName: streamer.fullName,
        streamerUsername: streamer.username,
        reviewId: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        reply: reviews.reply,
        hiddenAt: reviews.hiddenAt,
        reviewedAt: reviews.createdAt,
      }),
    )
    .from(orders)
    .leftJoin(bookings, eq(bookings.orderId, orders.id))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(streamer, eq(streamer.id, slots.streamerId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  return rows[0] ?? null;
}

type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

/** The viewer's own slot booking, else 404 (another fan's order is not told apart from none). */
async function ownBooking(db: Db, viewer: Viewer, orderId: string) {
  const facts = await orderFacts(db, orderId);
  if (!facts || facts.userId !== viewer.id || facts.kind !== "slot_booking" || !facts.bookingId) {
    throw notFound(REVIEW_COPY.orderNotFound);
  }
  return facts as OrderFacts & { bookingId: string; streamerId: string };
}

function reviewOf(facts: OrderFacts) {
  if (!facts.reviewId || facts.rating === null || !facts.reviewedAt) return null;
  return {
    id: facts.reviewId,
    rating: facts.rating,
    comment: facts.comment,
    reply: facts.reply,
    hidden: facts.hiddenAt !== null,
    createdAt: facts.reviewedAt,
  };
}

/** The review form of one of the viewer's orders: the session, the review if written, and what the fan may do. */
export async function getReviewForm(env: Env, viewer: Viewer, orderId: string, now = new Date()) {
  const facts = await ownBooking(getDb(env), viewer, orderId);
  const review = reviewOf(facts);
  return {
    order: {
      id: facts.orderId,
      gigId: facts.gigId,
      gigTitle: facts.gigTitle,
      streamerName: facts.streamerName || facts.streamerUsername || "",
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
    },
    review,
    reviewable: isReviewable(facts, now),
    editable: review ? isEditable(review.createdAt, now) : false,
  };
}

/**
 * Posts the fan's review of a booking: only the booking's own fan, only once the slot has ended, only while its
 * order is paid and not refunded or cancelled, and once (UNIQUE booking_id). The insert repeats those conditions
 * in its own statement, so a refund or cancellation landing between the check and the write posts nothing.
 */
export async function postReview(env: Env, viewer: Viewer, orderId: string, input: ReviewInput, now = new Date()) {
  const db = getDb(env);
  const facts = await ownBooking(db, viewer, orderId);
  if (facts.reviewId) throw conflict(REVIEW_COPY.alreadyReviewed);
  if (!hasBeenPlayed(facts, now)) throw forbidden(REVIEW_COPY.notPlayedYet);
  if (!isReviewable(facts, now)) throw forbidden(REVIEW_COPY.notReviewable);
  const id = newId();
  const eligible = and(
    eq(bookings.id, facts.bookingId),
    eq(bookings.userId, viewer.id),
    sql`${bookings.status} IN (${sql.join(
      REVIEWABLE_BOOKING_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})`,
    eq(orders.status, "paid"),
    sql`${slots.endsAt} <= ${now.getTime()}`,
  );
  try {
    await db.batch([
      db.insert(reviews).select(
        db
          .select({
            id: sql<string>`${id}`.as("id"),
            bookingId: bookings.id,
            userId: bookings.userId,
            streamerId: slots.streamerId,
            gigId: slots.gigId,
            rating: sql<number>`${input.rating}`.as("rating"),
            comment: sql<string | null>`${input.comment ?? null}`.as("comment"),
            reply: sql<null>`NULL`.as("reply"),
            repliedAt: sql<null>`NULL`.as("replied_at"),
            hiddenAt: sql<null>`NULL`.as("hidden_at"),
            hiddenBy: sql<null>`NULL`.as("hidden_by"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
            updatedAt: sql<number>`${now.getTime()}`.as("updated_at"),
          })
          .from(bookings)
          .innerJoin(orders, eq(orders.id, bookings.orderId))
          .innerJoin(slots, eq(slots.id, bookings.slotId))
          .where(eligible),
      ),
      batchGuard(db, sql`EXISTS (SELECT 1 FROM ${reviews} WHERE ${reviews.id} = ${id})`),
      catalogueChangedStatement(db),
      // The streamer is told (review-messages.server.ts), in the same batch: never lost, never twice.
      ...reviewPostedStatements(db, id, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REVIEW_COPY.alreadyReviewed);
    if (isBatchGuardFailure(error)) throw forbidden(REVIEW_COPY.notReviewable);
    throw error;
  }
  return { reviewId: id, gigId: facts.gigId };
}

/** Changes the fan's own review, within REVIEW_EDIT_DAYS of writing it (the update checks the window too). */
export async function editReview(env: Env, viewer: Viewer, orderId: string, input: ReviewInput, now = new Date()) {
  const db = getDb(env);
  const facts = await ownBooking(db, viewer, orderId);
  const review = reviewOf(facts);
  if (!review) throw notFound(REVIEW_COPY.notFound);
  if (!isEditable(review.createdAt, now)) throw conflict(REVIEW_COPY.editWindowOver);
  const [updated] = await db.batch([
    db
      .update(reviews)
      .set({ rating: input.rating, comment: input.comment ?? null, updatedAt: now })
      .where(
        and(
          eq(reviews.id, review.id),
          eq(reviews.userId, viewer.id),
          gt(reviews.createdAt, new Date(now.getTime() - REVIEW_EDIT_WINDOW_MS)),
        ),
      )
      .returning({ id: reviews.id }),
    catalogueChangedStatement(db),
  ]);
  if (updated.length === 0) throw conflict(REVIEW_COPY.editWindowOver);
  return { reviewId: review.id, gigId: facts.gigId };
}

async function visibleReview(db: Db, reviewId: string) {
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      streamerId: reviews.streamerId,
      gigId: reviews.gigId,
      rating: reviews.rating,
      comment: reviews.comment,
      reply: reviews.reply,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return rows[0] ?? null;
}

/** The streamer's one public reply to a review of their session. */
export async function replyToReview(
  env: Env,
  viewer: Viewer,
  input: { reviewId: string; reply: string },
  now = new Date(),
) {
  const db = getDb(env);
  const review = await visibleReview(db, input.reviewId);
  if (!review || review.hiddenAt) throw notFound(REVIEW_COPY.notFound);
  if (review.streamerId !== viewer.id) throw forbidden(REVIEW_COPY.notYourSession);
  if (review.reply !== null) throw conflict(REVIEW_COPY.alreadyReplied);
  const [updated] = await db.batch([
    db
      .update(reviews)
      .set({ reply: input.reply, repliedAt: now })
      .where(and(eq(reviews.id, review.id), eq(reviews.streamerId, viewer.id), isNull(reviews.reply)))
      .returning({ id: reviews.id }),
    catalogueChangedStatement(db),
  ]);
  if (updated.length === 0) throw conflict(REVIEW_COPY.alreadyReplied);
  return { reviewId: review.id, gigId: review.gigId, streamerId: review.streamerId };
}

/** A signed-in fan reports a visible review of someone else (once each; staff decide it). */
export async function reportReview(
  env: Env,
  viewer: Viewer,
  input: { reviewId: string; reason: string },
  now = new Date(),
) {
  const db = getDb(env);
  const review = await visibleReview(db, input.reviewId);
  if (!review || review.hiddenAt) throw notFound(REVIEW_COPY.notFound);
  if (review.userId === viewer.id) throw forbidden(REVIEW_COPY.ownReview);
  await db
    .insert(reviewReports)
    .values({ reviewId: review.id, reporterId: viewer.id, reason: input.reason, createdAt: now })
    .onConflictDoNothing();
  return { reviewId: review.id, gigId: review.gigId, streamerId: review.streamerId };
}
