import { Link } from "react-router";
import { editableUntil, REVIEW_COPY, REVIEW_EDIT_DAYS, ReviewForm, reviewFormSchema, Stars } from "~/features/reviews";
import { editReview, getReviewForm, postReview } from "~/features/reviews/index.server";
import { formatDay, formatSlotTime, useViewerZone } from "~/features/time";
import { orderPath } from "~/lib/paths";
import { gigPath } from "~/lib/paths.server";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import { pageAction, signedIn } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/review";

export const meta = () => [{ title: "Review your session | Noobrd" }];

/** /profile/orders/:orderId/review: the fan's review of a played session (only the buyer; anyone else 404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await requireUser(request, env);
  return orErrorPage(getReviewForm(env, viewer, params.orderId));
}

/** Posts the review, or changes it when one is written; then the gig page's reviews (or the order) with a toast. */
export const action = pageAction({
  guard: signedIn,
  intents: {
    review: {
      schema: reviewFormSchema,
      run: (value, { env, viewer, params, formData }) =>
        formData.get("editing") === "yes"
          ? editReview(env, viewer, params.orderId ?? "", value)
          : postReview(env, viewer, params.orderId ?? "", value),
      success: (saved, { params, formData }) => ({
        to: saved.gigId ? `${gigPath(saved.gigId)}#reviews` : orderPath(params.orderId ?? ""),
        message: formData.get("editing") === "yes" ? REVIEW_COPY.edited : REVIEW_COPY.posted,
      }),
      // The refusal is the whole form's (the review stands or falls as one).
      shownFields: [],
    },
  },
  otherwise: "review",
});

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, review, reviewable, editable } = loaderData;
  const zone = useViewerZone();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10">
      <Link to={orderPath(order.id)} className="text-sm text-zinc-400 hover:underline">
        ← Your order
      </Link>
      <header>
        <h1 className="text-2xl font-bold">Review your session</h1>
        <p className="mt-1 text-zinc-400">
          {order.gigTitle ?? "Session"} with {order.streamerName}
          {order.startsAt
            ? ` · ${formatSlotTime(new Date(order.startsAt), order.endsAt ? new Date(order.endsAt) : null, zone)}`
            : ""}
        </p>
      </header>
      {review?.hidden ? (
        <p className="rounded-lg border border-ink-700 p-3 text-sm text-zinc-300">
          Staff have hidden this review from the public pages.
        </p>
      ) : null}
      {review && !editable ? (
        <section aria-label="Your review" className="rounded-xl border border-ink-700 bg-ink-900 p-4">
          <Stars rating={review.rating} />
          {review.comment ? <p className="mt-2 whitespace-pre-line">{review.comment}</p> : null}
          <p className="mt-2 text-sm text-zinc-400">{REVIEW_COPY.editWindowOver}.</p>
        </section>
      ) : review || reviewable ? (
        <>
          {review ? (
            <p className="text-sm text-zinc-400">
              You can change your review until {formatDay(editableUntil(review.createdAt), zone)} ({REVIEW_EDIT_DAYS}{" "}
              days after writing it).
            </p>
          ) : null}
          <ReviewForm
            defaultRating={review?.rating ?? null}
            defaultComment={review?.comment ?? null}
            editing={!!review}
            lastResult={actionData?.result ?? undefined}
          />
        </>
      ) : (
        <p className="rounded-lg border border-ink-700 p-3 text-sm text-zinc-300">{REVIEW_COPY.notReviewable}.</p>
      )}
    </main>
  );
}
