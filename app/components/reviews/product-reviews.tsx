import { useState } from "react";
import { toast } from "../toasts";
import { useRevalidator } from "react-router";
import type { ReviewView } from "../../../modules/reviews/types";
import { postJson } from "../../lib/api-client";
import { StarRating } from "../star-rating";
import { StarPicker } from "./star-picker";

// Contract for the product page (storefront issue): the reviews list and the 'Write a Review' form.
export function ProductReviews({ productId, reviews }: { productId: string; reviews: ReviewView[] }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    setBusy(true);
    const res = await postJson(`/api/reviews/${productId}`, { rating, comment, productId });
    setBusy(false);
    if (!res.ok) {
      // spec §8: the toast plus the server's reason inline
      toast.error("Failed to submit review");
      setMessage(res.error.fields?.rating ?? res.error.fields?.comment ?? res.error.msg);
      return;
    }
    toast.success("Review submitted successfully!");
    setRating(0);
    setComment("");
    await revalidator.revalidate();
  }

  return (
    <section aria-labelledby={`reviews-${productId}`} className="mt-12">
      <h2 id={`reviews-${productId}`} className="text-2xl">
        Reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-muted">No reviews yet.</p>
      ) : (
        <ul className="mt-4 space-y-4" data-testid="review-list">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-2xl border border-line bg-linen p-4">
              {/* one review's own stars: no count beside them */}
              <StarRating rating={r.rating} />
              <p className="mt-2">{r.comment}</p>
              <p className="mt-1 text-sm text-muted">{r.author}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => void submit(e)}
        className="mt-6 max-w-xl space-y-4 rounded-2xl border border-line bg-linen p-5"
        aria-labelledby={`write-review-${productId}`}
      >
        <h3 id={`write-review-${productId}`} className="text-lg font-bold">
          Write a Review
        </h3>
        <StarPicker name={`rating-${productId}`} value={rating} onChange={setRating} />
        <div>
          <label htmlFor={`comment-${productId}`} className="label">
            Comment
          </label>
          <textarea
            id={`comment-${productId}`}
            className="input min-h-28"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            required
            maxLength={2000}
          />
        </div>
        {message ? (
          <p role="alert" className="text-sm font-semibold text-rose" data-testid="review-message">
            {message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Submitting..." : "Submit Review"}
        </button>
      </form>
    </section>
  );
}
