import { REVIEW_COMMENT_MAX, REVIEW_EDIT_DAYS, REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX } from "./constants";

/** What the reviews feature says (docs/domain.md, "Review"). */
export const REVIEW_COPY = {
  chooseRating: "Choose from 1 to 5 stars",
  commentTooLong: `Keep your comment to ${REVIEW_COMMENT_MAX.toLocaleString("en-US")} characters`,
  replyRequired: "Write your reply",
  replyTooLong: `Keep your reply to ${REVIEW_REPLY_MAX.toLocaleString("en-US")} characters`,
  reasonRequired: "Say why you are reporting this review",
  reasonTooLong: `Keep the reason to ${REVIEW_REPORT_REASON_MAX} characters`,
  notFound: "Review not found",
  orderNotFound: "Order not found",
  notReviewable: "Only a paid session that has taken place can be reviewed",
  notPlayedYet: "You can review this session once it has taken place",
  alreadyReviewed: "You have already reviewed this session",
  editWindowOver: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written`,
  notYourReview: "Only its author can change this review",
  notYourSession: "Only the streamer of this session can reply",
  alreadyReplied: "You have already replied to this review",
  ownReview: "You cannot report your own review",
  alreadyHidden: "That review is already hidden",
  noOpenReports: "That review has no open reports",
  posted: "Thanks! Your review is posted",
  edited: "Your review is updated",
  replied: "Your reply is posted",
  reported: "Thanks, staff will look at this review",
  hidden: "Review hidden",
  dismissed: "Reports dismissed",
} as const;
