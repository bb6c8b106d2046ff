import { Star } from "lucide-react";

/** The real average rating (1–5) and review count; nothing invented when there are no reviews. */
export function StarRating({ rating, count }: { rating: number; count: number }) {
  if (count === 0) return <p className="text-xs text-muted">No reviews yet</p>;
  const rounded = Math.round(rating);
  return (
    <p
      className="flex items-center gap-1 text-xs text-muted"
      aria-label={`Rated ${rating} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={14} aria-hidden="true" className={n <= rounded ? "fill-gold text-gold" : "text-line"} />
      ))}
      <span aria-hidden="true">({count})</span>
    </p>
  );
}
