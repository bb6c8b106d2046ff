import { useRef, useState } from "react";
import { toast } from "../toasts";
import { Link, useActionData, useFetcher } from "react-router";
import type { Reviewer, ReviewView } from "../../../modules/reviews/types";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { StarRating } from "../star-rating";
import { StarPicker } from "./star-picker";

/**
 * The product page's reviews and 'Write a Review'. Reviewing takes an account and a paid
 * purchase (docs/product.md §6), so the page says so before anyone writes: a guest gets 'Log in to
 * review' (back to this product after), a shopper who has not bought it is told only buyers
 * can review, and a buyer gets the form.
 */
export function ProductReviews({ productId, reviews, reviewer }: { productId: string; reviews: ReviewView[]; reviewer: Reviewer }) {
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
      {reviewer === "buyer" ? (
        <ReviewForm productId={productId} />
      ) : (
        <div className="mt-6 max-w-xl rounded-2xl border border-line bg-linen p-5" data-testid="review-gate">
          <h3 className="text-lg font-bold">Write a Review</h3>
          {reviewer === "guest" ? (
            <p className="mt-2">
              Bought this?{" "}
              <Link
                to={`/login?redirectTo=${encodeURIComponent(`/productdetails/${productId}`)}`}
                className="font-semibold text-rose-dark underline underline-offset-4"
              >
                Log in to review
              </Link>
            </p>
          ) : (
            <p className="mt-2 text-muted">Only customers who have bought this product can review it.</p>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The form itself, for a buyer: it posts to the product page's action (a fetcher, so the page stays;
 * before the script loads, a plain post that comes back to this page with the answer).
 */
function ReviewForm({ productId }: { productId: string }) {
  const fetcher = useFetcher<FormResult>();
  const posted = useActionData() as FormResult | undefined;
  const answer = fetcher.data ?? posted;
  const busy = useBusy(fetcher);
  const [rating, setRating] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useOnAnswer(fetcher.data, (a) => {
    if (!a.ok) {
      // docs/product.md §8: the toast plus the server's reason inline
      toast.error("Failed to submit review");
      return;
    }
    // docs/product.md §4: success clears rating and comment
    toast.success(a.msg ?? "Review submitted successfully!");
    setRating(0);
    form.current?.reset();
  });
  const message = answer && !answer.ok ? (answer.fields?.rating ?? answer.fields?.comment ?? answer.msg) : null;

  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="mt-6 max-w-xl space-y-4 rounded-2xl border border-line bg-linen p-5"
      aria-labelledby={`write-review-${productId}`}
    >
      <h3 id={`write-review-${productId}`} className="text-lg font-bold">
        Write a Review
      </h3>
      <StarPicker name="rating" value={rating} onChange={setRating} />
      <Field label="Comment" name="comment" id={`comment-${productId}`}>
        {(control) => <textarea {...control} className={`${control.className} min-h-28`} required maxLength={2000} />}
      </Field>
      {message ? (
        <p role="alert" className="text-sm font-semibold text-rose" data-testid="review-message">
          {message}
        </p>
      ) : answer?.ok && !fetcher.data ? (
        <p role="status" className="text-sm font-semibold text-sage">
          {answer.msg}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Submitting..." : "Submit Review"}
      </button>
    </fetcher.Form>
  );
}
