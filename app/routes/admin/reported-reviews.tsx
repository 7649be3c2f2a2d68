import { Form, useNavigation } from "react-router";
import { AdminPage, dangerButtonClass, FormAlert, Pager, Section, secondaryButtonClass } from "~/components/admin/ui";
import { ConfirmButton } from "~/components/confirm";
import { REVIEW_COPY, reportedReviewsQuerySchema, reviewIdSchema } from "~/features/reviews";
import { dismissReviewReports, hideReview, listReportedReviews } from "~/features/reviews/index.server";
import { When } from "~/features/time";
import { envOf } from "~/platform/http.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import { pageAction, staffWith } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/reported-reviews";

export const meta = () => [{ title: "Reported reviews | Noobrd staff" }];

const HIDE_QUESTION = "Hide this review from every public page and average? The audit log keeps it.";

/** /admin/reported-reviews: reviews fans reported and staff have not decided, 10 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "moderation");
  const query = reportedReviewsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return listReportedReviews(env, viewer, query.success ? query.data.page : 1);
}

/** Hide a review (audited, its reports closed) or dismiss its reports (audited). */
export const action = pageAction({
  guard: staffWith("moderation"),
  intents: {
    hide: {
      schema: reviewIdSchema,
      run: (v, { env, viewer }) => hideReview(env, viewer, v.reviewId),
      success: () => ({ to: "/admin/reported-reviews", message: REVIEW_COPY.hidden }),
      confirm: { question: HIDE_QUESTION, yes: "Yes, hide" },
    },
    dismiss: {
      schema: reviewIdSchema,
      run: (v, { env, viewer }) => dismissReviewReports(env, viewer, v.reviewId),
      success: () => ({ to: "/admin/reported-reviews", message: REVIEW_COPY.dismissed }),
    },
  },
});

export default function ReportedReviews({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors =
    actionData?.result && "error" in actionData.result ? Object.values(actionData.result.error ?? {}).flat() : [];
  return (
    <AdminPage title="Reported reviews" lead="Reviews fans reported, the most recently reported first.">
      <Section title="Waiting for a decision">
        <FormAlert errors={errors.filter((e): e is string => typeof e === "string")} />
        {loaderData.reviews.length === 0 ? (
          <p className="text-sm text-zinc-400">No reported reviews.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {loaderData.reviews.map((review) => (
              <li
                key={review.id}
                className="rounded-lg border border-ink-700 p-3 text-sm"
                data-testid="reported-review"
              >
                <p>
                  <strong>{review.rating} of 5</strong> by @{review.authorUsername} on{" "}
                  {review.gigHref ? <a href={review.gigHref}>{review.gigTitle}</a> : "a session"} of @
                  {review.streamerUsername} · <When at={review.createdAt} />
                </p>
                {review.comment ? <p className="mt-1 whitespace-pre-line text-zinc-300">{review.comment}</p> : null}
                <p className="mt-1 text-zinc-400">
                  {review.reports} {review.reports === 1 ? "report" : "reports"}: {review.reasons}
                </p>
                <Form method="post" className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="reviewId" value={review.id} />
                  <ConfirmButton
                    value="hide"
                    question={HIDE_QUESTION}
                    yes="Yes, hide"
                    className={dangerButtonClass}
                    disabled={busy}
                  >
                    Hide review
                  </ConfirmButton>
                  <button type="submit" name="intent" value="dismiss" className={secondaryButtonClass} disabled={busy}>
                    Dismiss reports
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Pager page={loaderData.page} totalPages={loaderData.totalPages} search={new URLSearchParams()} />
      </Section>
    </AdminPage>
  );
}
