/** The reviews feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { ReviewForm } from "./components/review-form";
export { ReviewList } from "./components/review-list";
export { RatingSummary, Stars } from "./components/stars";
export { GIG_REVIEWS_SHOWN, REVIEW_EDIT_DAYS, STREAMER_REVIEWS_SHOWN } from "./constants";
export { REVIEW_COPY } from "./copy";
export { editableUntil, isReviewable, REVIEWABLE_BOOKING_STATUSES } from "./rules";
export {
  replyFormSchema,
  reportedReviewsQuerySchema,
  reportFormSchema,
  reviewFormSchema,
  reviewIdSchema,
} from "./schema";
