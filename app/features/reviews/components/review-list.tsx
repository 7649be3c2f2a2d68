import { Form, Link } from "react-router";
import { formatDay, useViewerZone } from "~/features/time";
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_MAX } from "../constants";
import { RatingSummary, Stars } from "./stars";

/** A visible review as the public pages show it (app/features/reviews/reads.server.ts). Dates may arrive as strings. */
export type ReviewItem = {
  id: string;
  userId: string;
  rating: number;
  comment: string | null;
  reply: string | null;
  repliedAt: Date | string | null;
  createdAt: Date | string;
  /** The day it was written in the viewer's zone, when the page's loader formatted it (no formatter on hydration). */
  day?: string;
  /** Its gig's page (built on the server; null when the gig is gone). */
  gigHref: string | null;
  gigTitle: string | null;
  authorUsername: string;
};

/** What the viewer may do beside each review: the streamer replies, other signed-in fans report. */
export type ReviewViewer = { id: string; isStreamerOfThese: boolean } | null;

/** The answer of a reply or report form, shown under its review (JavaScript on or off). */
export type ReviewFormReply = { reviewId: string; intent: string; message: string } | null | undefined;

/**
 * The reviews block of a gig or streamer page: the average and count of every visible review, then the newest ones.
 * Plain forms (reply, report) that work without JavaScript; the browser checks them before sending (required,
 * lengths), and the server checks them again.
 */
export function ReviewList({
  reviews,
  ratingTotal,
  ratingCount,
  viewer,
  reply,
  showGig = false,
}: {
  reviews: ReviewItem[];
  ratingTotal: number;
  ratingCount: number;
  viewer: ReviewViewer;
  reply?: ReviewFormReply;
  showGig?: boolean;
}) {
  const zone = useViewerZone();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="reviews-title" className="text-lg font-semibold">
          Reviews
        </h2>
        <RatingSummary total={ratingTotal} count={ratingCount} showEmpty />
      </div>
      {reviews.length === 0 ? (
        <p className="text-sm text-zinc-400">Fans who played a session can review it here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li
              key={review.id}
              id={`review-${review.id}`}
              className="rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm"
              data-testid="review"
              data-review-id={review.id}
            >
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={review.rating} />
                <span className="font-medium">{review.authorUsername}</span>
                <span className="text-zinc-400">{review.day ?? formatDay(review.createdAt, zone)}</span>
                {showGig && review.gigHref && review.gigTitle ? (
                  <Link to={review.gigHref} className="text-brand-400 hover:text-brand-50">
                    {review.gigTitle}
                  </Link>
                ) : null}
              </p>
              {review.comment ? (
                <p className="mt-2 whitespace-pre-line break-words text-zinc-300">{review.comment}</p>
              ) : null}
              {review.reply ? (
                <div className="mt-3 border-l-2 border-brand-500 pl-3" data-testid="review-reply">
                  <p className="text-xs text-zinc-400">Reply from the streamer</p>
                  <p className="whitespace-pre-line break-words text-zinc-300">{review.reply}</p>
                </div>
              ) : null}
              <ReviewActions review={review} viewer={viewer} reply={reply?.reviewId === review.id ? reply : null} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewActions({
  review,
  viewer,
  reply,
}: {
  review: ReviewItem;
  viewer: ReviewViewer;
  reply: ReviewFormReply;
}) {
  if (!viewer) return null;
  const message = reply ? (
    <p role="alert" className="mt-2 text-red-300">
      {reply.message}
    </p>
  ) : null;
  if (viewer.isStreamerOfThese) {
    if (review.reply) return message;
    return (
      <details className="mt-3" open={reply?.intent === "review-reply"}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-400 hover:text-brand-50">
          Reply publicly
        </summary>
        <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="review-reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="flex flex-col gap-1">
            <span className="text-zinc-400">Your reply (once, shown under the review)</span>
            <textarea
              name="reply"
              required
              maxLength={REVIEW_REPLY_MAX}
              rows={3}
              className="rounded-lg border border-ink-700 bg-ink-950 p-2"
            />
          </label>
          <button
            type="submit"
            className="min-h-11 self-start rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
          >
            Post reply
          </button>
          {message}
        </Form>
      </details>
    );
  }
  if (viewer.id === review.userId) return message;
  return (
    <details className="mt-3" open={reply?.intent === "review-report"}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-xs text-zinc-400 hover:text-zinc-200">
        Report this review
      </summary>
      <Form method="post" preventScrollReset className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="review-report" />
        <input type="hidden" name="reviewId" value={review.id} />
        <label className="flex flex-col gap-1">
          <span className="text-zinc-400">Why should staff look at it?</span>
          <input
            name="reason"
            required
            maxLength={REVIEW_REPORT_REASON_MAX}
            className="min-h-11 rounded-lg border border-ink-700 bg-ink-950 p-2"
          />
        </label>
        <button type="submit" className="min-h-11 self-start rounded-lg border border-ink-700 px-4 py-2">
          Send report
        </button>
        {message}
      </Form>
    </details>
  );
}
