/** The reviews feature's server side: what other features, routes and the Worker may use of it. */
export { gigReviewsQuery, reviewItems, streamerReviewsQuery } from "./reads.server";
export {
  reviewPostedMail,
  reviewPostedNotice,
} from "./review-messages.server";
export { editReview, getReviewForm, postReview, replyToReview, reportReview } from "./reviews.server";
export { dismissReviewReports, hideReview, listReportedReviews } from "./staff.server";
