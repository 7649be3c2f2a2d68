import type { Viewer } from "~/features/access";
import { REVIEW_COPY, replyFormSchema, reportFormSchema } from "~/features/reviews";
import { replyToReview, reportReview } from "~/features/reviews/index.server";
import type { z } from "~/lib/zod";
import type { Done, PageContext } from "~/routes/_lib/page-action.server";

export const REVIEW_INTENTS = ["review-reply", "review-report"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

export function isReviewIntent(value: unknown): value is ReviewIntent {
  return (REVIEW_INTENTS as readonly unknown[]).includes(value);
}

/** Bad input or a refusal: the page answers with its message under the review it came from (4xx). */
function underTheReview(
  intent: ReviewIntent,
  message: string,
  status: number,
  { formData }: PageContext<Viewer>,
): Done {
  const reviewId = String(formData.get("reviewId") ?? "");
  return { stay: { review: { reviewId, intent, message } }, status, noForm: true };
}

/**
 * The reply and report forms under a review on a gig or streamer page (plain forms, JavaScript on or off), as
 * `pageAction` intents: the page's guard sends an anonymous visitor to /login and back; bad input or a refusal
 * answers the page with its message under the review (4xx); success goes back to the reviews (`backTo`) with a
 * toast (a redirect, so a reload does not post again).
 */
export function reviewIntents(backTo: (page: PageContext<Viewer>) => string) {
  return {
    "review-reply": {
      schema: replyFormSchema,
      plain: true as const,
      run: (value: z.output<typeof replyFormSchema>, { env, viewer }: PageContext<Viewer>) =>
        replyToReview(env, viewer, value),
      success: (_: unknown, page: PageContext<Viewer>) => ({
        to: `${backTo(page)}#reviews`,
        message: REVIEW_COPY.replied,
      }),
      invalid: (page: PageContext<Viewer>, message: string | undefined) =>
        underTheReview("review-reply", message ?? "Invalid request", 400, page),
      refused: (error: { message: string; status: number }, page: PageContext<Viewer>) =>
        underTheReview("review-reply", error.message, error.status, page),
    },
    "review-report": {
      schema: reportFormSchema,
      plain: true as const,
      run: (value: z.output<typeof reportFormSchema>, { env, viewer }: PageContext<Viewer>) =>
        reportReview(env, viewer, value),
      success: (_: unknown, page: PageContext<Viewer>) => ({
        to: `${backTo(page)}#reviews`,
        message: REVIEW_COPY.reported,
      }),
      invalid: (page: PageContext<Viewer>, message: string | undefined) =>
        underTheReview("review-report", message ?? "Invalid request", 400, page),
      refused: (error: { message: string; status: number }, page: PageContext<Viewer>) =>
        underTheReview("review-report", error.message, error.status, page),
    },
  };
}
