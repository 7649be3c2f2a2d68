import { and, desc, eq, isNull } from "drizzle-orm";
import { gigPath } from "~/lib/paths.server";
import { type Db, named } from "~/platform/db.server";
import { gigs, reviews, users } from "~db/schema";

/**
 * The public reads of reviews: a gig's and a streamer's visible reviews, newest first, as query builders so the
 * catalogue's page loaders put them in their one batch (app/features/catalogue/views.server.ts). Hidden reviews
 * are never read here; the averages beside them are the rating columns the reviews table's triggers keep from the
 * same visible rows (db/schema/reviews.ts).
 */
const publicReviewFields = named({
  id: reviews.id,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  gigId: reviews.gigId,
  gigTitle: gigs.title,
  authorUsername: users.username,
});

export function gigReviewsQuery(db: Db, gigId: string, limit: number) {
  return db
    .select(publicReviewFields)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(gigs, eq(gigs.id, reviews.gigId))
    .where(and(eq(reviews.gigId, gigId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export function streamerReviewsQuery(db: Db, streamerId: string, limit: number) {
  return db
    .select(publicReviewFields)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(gigs, eq(gigs.id, reviews.gigId))
    .where(and(eq(reviews.streamerId, streamerId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** The reviews as the pages show them: each with its gig page's link (built here, on the server). */
export function reviewItems<T extends { gigId: string | null }>(rows: T[]): (T & { gigHref: string | null })[] {
  return rows.map((row) => ({ ...row, gigHref: row.gigId ? gigPath(row.gigId) : null }));
}
