/**
 * Reviews of played sessions, the streamer's public reply, and fans' reports of a review (docs/domain.md, "Review").
 *
 * Invariants carried here:
 * - one review per booking (UNIQUE booking_id; a booking is one order, so one per order too), written by that
 *   booking's fan (trigger `reviews_author_booking`), on the booking's slot's streamer and gig;
 * - a rating is 1..5 stars; a comment, when there is one, 1..REVIEW_COMMENT_MAX characters (CHECKs);
 * - the streamer replies once: reply and replied_at are set together, 1..REVIEW_REPLY_MAX characters, and a reply,
 *   once written, never changes (trigger `reviews_reply_once`);
 * - hidden by staff: hidden_at and hidden_by are set together (the audit log keeps who and why);
 * - a gig's and a streamer's rating (products / influencer_profiles rating_count, rating_total, rating_score) are
 *   recomputed from their visible reviews by this table's triggers on every insert, edit, hide and delete, so the
 *   averages always equal the reviews shown;
 * - a fan reports a review at most once (primary key (review_id, reporter_id)); a report is open until staff
 *   decide it (resolved_at).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
} from "./constants";
import { gigs } from "./gigs";
import { streamerProfiles } from "./influencers";
import { bookings } from "./slots";
import { users } from "./users";

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    /** The gig of the booking's slot; null for a slot that was on no gig. */
    gigId: text("product_id").references(() => gigs.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at"),
    hiddenAt: timestamp("hidden_at"),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "reviews_rating_check",
      sql`${t.rating} BETWEEN ${sql.raw(String(REVIEW_RATING_MIN))} AND ${sql.raw(String(REVIEW_RATING_MAX))}`,
    ),
    check(
      "reviews_comment_check",
      sql`${t.comment} IS NULL OR length(${t.comment}) BETWEEN 1 AND ${sql.raw(String(REVIEW_COMMENT_MAX))}`,
    ),
    check(
      "reviews_reply_check",
      sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL) AND (${t.reply} IS NULL OR length(${t.reply}) BETWEEN 1 AND ${sql.raw(String(REVIEW_REPLY_MAX))})`,
    ),
    check("reviews_hidden_check", sql`${t.hiddenBy} IS NULL OR ${t.hiddenAt} IS NOT NULL`),
    // A gig's and a streamer's visible reviews, newest first (the pages, and the triggers' recount).
    index("reviews_product_visible_idx").on(t.gigId, t.createdAt).where(sql`hidden_at IS NULL`),
    index("reviews_influencer_visible_idx").on(t.streamerId, t.createdAt).where(sql`hidden_at IS NULL`),
    index("reviews_user_idx").on(t.userId),
  ],
);

export const reviewReports = sqliteTable(
  "review_reports",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "review_reports_pk", columns: [t.reviewId, t.reporterId] }),
    check(
      "review_reports_reason_check",
      sql`length(${t.reason}) BETWEEN 1 AND ${sql.raw(String(REVIEW_REPORT_REASON_MAX))}`,
    ),
    check("review_reports_resolved_check", sql`${t.resolvedBy} IS NULL OR ${t.resolvedAt} IS NOT NULL`),
    // Staff's list of reviews with open reports.
    index("review_reports_open_idx").on(t.createdAt).where(sql`resolved_at IS NULL`),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type ReviewReport = typeof reviewReports.$inferSelect;
