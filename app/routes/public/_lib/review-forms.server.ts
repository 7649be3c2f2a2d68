import { data, redirect } from "react-router";
import { getViewer } from "~/features/auth/index.server";
import { REVIEW_COPY, replyFormSchema, reportFormSchema } from "~/features/reviews";
import { replyToReview, reportReview } from "~/features/reviews/index.server";
import { firstIssue } from "~/lib/validation";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";

export const REVIEW_INTENTS = ["review-reply", "review-report"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

export function isReviewIntent(value: unknown): value is ReviewIntent {
  return (REVIEW_INTENTS as readonly unknown[]).includes(value);
}

/**
 * The reply and report forms under a review on a gig or streamer page (plain forms, JavaScript on or off): an
 * anonymous visitor goes to /login and back; bad input or a refusal answers the page with its message under the
 * review (4xx); success goes back to the reviews with a toast (a redirect, so a reload does not post again).
 */
export async function reviewFormAction(
  env: Env,
  request: Request,
  formData: FormData,
  intent: ReviewIntent,
  backTo: string,
) {
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(backTo)}`);
  const reviewId = String(formData.get("reviewId") ?? "");
  const refuse = (message: string, status: number) => data({ review: { reviewId, intent, message } }, { status });
  const input = Object.fromEntries(formData);
  const answered = await settle(async () => {
    if (intent === "review-reply") {
      const parsed = replyFormSchema.safeParse(input);
      if (!parsed.success) return refuse(firstIssue(parsed.error), 400);
      await replyToReview(env, viewer, parsed.data);
      return redirectWithToast(env, `${backTo}#reviews`, { kind: "success", message: REVIEW_COPY.replied });
    }
    const parsed = reportFormSchema.safeParse(input);
    if (!parsed.success) return refuse(firstIssue(parsed.error), 400);
    await reportReview(env, viewer, parsed.data);
    return redirectWithToast(env, `${backTo}#reviews`, { kind: "success", message: REVIEW_COPY.reported });
  });
  return answered.ok ? answered.value : refuse(answered.error.message, answered.error.status);
}
