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
    "review-reply": reviewIntent("review-reply", replyFormSchema, replyToReview, REVIEW_COPY.replied, backTo),
    "review-report": reviewIntent("review-report", reportFormSchema, reportReview, REVIEW_COPY.reported, backTo),
  };
}

/** One of the two forms: its schema, its use case, and the toast once done. */
function reviewIntent<S extends z.ZodType>(
  intent: ReviewIntent,
  schema: S,
  use: (env: Env, viewer: Viewer, value: z.output<S>) => Promise<unknown>,
  done: string,
  backTo: (page: PageContext<Viewer>) => string,
) {
  return {
    schema,
    plain: true as const,
    run: (value: z.output<S>, { env, viewer }: PageContext<Viewer>) => use(env, viewer, value),
    success: (_: unknown, page: PageContext<Viewer>) => ({ to: `${backTo(page)}#reviews`, message: done }),
    invalid: (page: PageContext<Viewer>, message: string | undefined) =>
      underTheReview(intent, message ?? "Invalid request", 400, page),
    refused: (error: { message: string; status: number }, page: PageContext<Viewer>) =>
      underTheReview(intent, error.message, error.status, page),
  };
}
