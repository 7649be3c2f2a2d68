import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditIfChangedStatement } from "~/features/audit/index.server";
import { conflict, notFound } from "~/lib/errors";
import { pageInfo } from "~/lib/paging";
import { gigPath } from "~/lib/paths.server";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { getDb, named } from "~/platform/db.server";
import { gigs, reviewReports, reviews, users } from "~db/schema";
import { REPORTED_REVIEWS_PAGE_SIZE } from "./constants";
import { REVIEW_COPY } from "./copy";

/**
 * Staff's side of reviews (docs/domain.md, "Review"): the reviews fans reported, hiding one, dismissing its reports.
 * Moderation capability first (ADR 005), then one batch with the audit row; hiding also bumps the catalogue
 * version, since the review and the averages on the cached gig and star pages change with it.
 */
const author = alias(users, "author");
const streamer = alias(users, "streamer");

const openReport = isNull(reviewReports.resolvedAt);

/** Reviews with open reports, the most recently reported first, with how many fans reported each and why. */
export async function listReportedReviews(env: Env, viewer: Viewer | null, page: number) {
  assertStaff(viewer, "moderation");
  const db = getDb(env);
  const limit = REPORTED_REVIEWS_PAGE_SIZE;
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          reply: reviews.reply,
          hiddenAt: reviews.hiddenAt,
          createdAt: reviews.createdAt,
          gigId: reviews.gigId,
          gigTitle: gigs.title,
          authorUsername: author.username,
          streamerUsername: streamer.username,
          reports: sql<number>`count(*)`.mapWith(Number),
          reasons: sql<string>`group_concat(${reviewReports.reason}, ' | ')`,
          lastReportedAt: sql<number>`max(${reviewReports.createdAt})`.mapWith(Number),
        }),
      )
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(author, eq(author.id, reviews.userId))
      .innerJoin(streamer, eq(streamer.id, reviews.streamerId))
      .leftJoin(gigs, eq(gigs.id, reviews.gigId))
      .where(openReport)
      .groupBy(reviews.id)
      .orderBy(desc(sql`max(${reviewReports.createdAt})`), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count(sql`DISTINCT ${reviewReports.reviewId}`) })
      .from(reviewReports)
      .where(openReport),
  ]);
  // Each with its place on its gig's page, where staff read it in context.
  const listed = rows.map((row) => ({ ...row, gigHref: row.gigId ? `${gigPath(row.gigId)}#reviews` : null }));
  return { reviews: listed, ...pageInfo(total[0]?.n ?? 0, page, limit) };
}

async function reviewForStaff(env: Env, reviewId: string) {
  const db = getDb(env);
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      gigId: reviews.gigId,
      streamerId: reviews.streamerId,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  const review = rows[0];
  if (!review) throw notFound(REVIEW_COPY.notFound);
  return review;
}

/** Hides a review from every public page and average, closing its open reports; audited. */
export async function hideReview(env: Env, viewer: Viewer | null, reviewId: string, now = new Date()) {
  assertStaff(viewer, "moderation");
  const review = await reviewForStaff(env, reviewId);
  if (review.hiddenAt) throw conflict(REVIEW_COPY.alreadyHidden);
  const db = getDb(env);
  // The audit row follows the guarded update and is written only when it hid the review: of concurrent identical
  // requests, one hides and audits, the others change nothing and answer 409.
  const [hidden] = await db.batch([
    db
      .update(reviews)
      .set({ hiddenAt: now, hiddenBy: viewer.id })
      .where(and(eq(reviews.id, review.id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id }),
    auditIfChangedStatement(
      db,
      viewer,
      {
        action: "review.hide",
        entity: "review",
        entityId: review.id,
        before: { hidden: false, rating: review.rating, comment: review.comment },
        after: { hidden: true },
      },
      now,
    ),
    db
      .update(reviewReports)
      .set({ resolvedAt: now, resolvedBy: viewer.id })
      .where(and(eq(reviewReports.reviewId, review.id), openReport)),
    catalogueChangedStatement(db),
  ]);
  if (hidden.length === 0) throw conflict(REVIEW_COPY.alreadyHidden);
  return { reviewId: review.id, gigId: review.gigId, streamerId: review.streamerId };
}

/** Closes a review's open reports without hiding it; audited. */
export async function dismissReviewReports(env: Env, viewer: Viewer | null, reviewId: string, now = new Date()) {
  assertStaff(viewer, "moderation");
  const review = await reviewForStaff(env, reviewId);
  const db = getDb(env);
  const [closed] = await db.batch([
    db
      .update(reviewReports)
      .set({ resolvedAt: now, resolvedBy: viewer.id })
      .where(and(eq(reviewReports.reviewId, review.id), openReport))
      .returning({ reporterId: reviewReports.reporterId }),
    // Audited only when reports were closed (concurrent dismissals leave one row).
    auditIfChangedStatement(
      db,
      viewer,
      { action: "review.dismiss_reports", entity: "review", entityId: review.id },
      now,
    ),
  ]);
  if (closed.length === 0) throw conflict(REVIEW_COPY.noOpenReports);
  return { dismissed: closed.length };
}
