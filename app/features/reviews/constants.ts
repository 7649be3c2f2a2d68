import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
} from "~db/schema/constants";

/** docs/domain.md, "Review": the numbers of the reviews feature (the lengths are the schema's CHECKs). */
export { REVIEW_COMMENT_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX };

/** A fan may change their review for 14 days after writing it. */
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_EDIT_WINDOW_MS = REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000;

/** Reviews shown on a gig page and on a streamer's page (newest first); the averages count every visible review. */
export const GIG_REVIEWS_SHOWN = 20;
export const STREAMER_REVIEWS_SHOWN = 6;

/** Staff's list of reported reviews: a page. */
export const REPORTED_REVIEWS_PAGE_SIZE = 10;
