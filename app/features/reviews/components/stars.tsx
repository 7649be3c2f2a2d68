import { averageRating } from "../rules";

/**
 * A rating as stars and words: "★ 4.6 (12 reviews)". The average is of the visible reviews (the gig's or the
 * streamer's rating columns, kept by the reviews table's triggers). Nothing when there are none yet, unless
 * `showEmpty`.
 */
export function RatingSummary({
  total,
  count,
  showEmpty = false,
  className = "",
}: {
  total: number;
  count: number;
  showEmpty?: boolean;
  className?: string;
}) {
  const average = averageRating(total, count);
  if (average === null) {
    return showEmpty ? (
      <span className={`text-zinc-400 ${className}`} data-testid="rating">
        No reviews yet
      </span>
    ) : null;
  }
  const words = `${average.toFixed(1)} out of 5, ${count} ${count === 1 ? "review" : "reviews"}`;
  return (
    <span className={`inline-flex items-center gap-1 ${className}`} data-testid="rating" title={words}>
      <span aria-hidden="true" className="text-amber-400">
        ★
      </span>
      <span className="sr-only">{words}</span>
      <span aria-hidden="true">
        <span className="font-semibold text-zinc-100" data-testid="rating-average">
          {average.toFixed(1)}
        </span>{" "}
        <span className="text-zinc-400">
          (<span data-testid="rating-count">{count}</span>)
        </span>
      </span>
    </span>
  );
}

/** A review's own stars: filled then empty, read as "4 of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} of 5 stars`} className="tracking-tight text-amber-400" data-rating={rating}>
      {"★".repeat(rating)}
      <span className="text-zinc-600">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
