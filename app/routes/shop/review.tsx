import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { StarPicker } from "../../components/reviews/star-picker";
import { appContext } from "../../context";
import { readForm } from "../../lib/form-action.server";
import { requireUserPage } from "../../lib/guards.server";
import { AppError } from "../../../lib/errors";
import { reviewFormInput } from "../../../modules/reviews/schemas";
import { reviewableProducts, submitReview } from "../../../modules/reviews/service.server";
import type { Route } from "./+types/review";

export function meta() {
  return [{ title: "Write a review | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUserPage(context, request);
  const { db } = context.get(appContext);
  const selected = new URL(request.url).searchParams.get("productId") ?? "";
  return { products: await reviewableProducts(db, user.id), selected };
}

// docs/product.md §8: the server's message, or 'An error occured while submitting the review'
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUserPage(context, request);
  const { db, logger } = context.get(appContext);
  try {
    const parsed = reviewFormInput.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return { ok: false, msg: parsed.error.issues[0]!.message };
    await submitReview(db, user.id, parsed.data.productId, parsed.data);
    return { ok: true, msg: "Review submitted successfully!" };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, msg: e.message };
    logger.error({ err: e }, "review failed");
    return { ok: false, msg: "An error occured while submitting the review" };
  }
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { products, selected } = loaderData;
  const [rating, setRating] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  // docs/product.md §4: success clears rating and comment
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    if (actionData?.ok) setRating(0);
  }
  useEffect(() => {
    if (actionData?.ok) form.current?.reset();
  }, [actionData]);
  return (
    <main id="main" className="container-page max-w-xl py-10">
      <h1 className="text-3xl">Write a review</h1>
      {products.length === 0 ? (
        // nothing bought yet: say what reviewing takes instead of a form that can only fail
        <p className="mt-4 text-muted" data-testid="review-none">
          You can review products you have bought.{" "}
          <Link to="/products" className="font-semibold text-rose underline">
            Browse the shop
          </Link>
        </p>
      ) : (
        <Form method="post" ref={form} className="mt-6 space-y-4 rounded-2xl border border-line bg-linen p-5">
          <div>
            <label htmlFor="review-product" className="label">
              Product
            </label>
            <select id="review-product" name="productId" className="input" defaultValue={selected} required>
              <option value="" disabled>
                Choose a product
              </option>
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <StarPicker name="rating" value={rating} onChange={setRating} />
          <div>
            <label htmlFor="review-comment" className="label">
              Comment
            </label>
            <textarea id="review-comment" name="comment" className="input min-h-28" required maxLength={2000} />
          </div>
          {actionData ? (
            <p role="status" className={`text-sm font-semibold ${actionData.ok ? "text-sage" : "text-rose"}`}>
              {actionData.msg}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Submitting..." : "Submit Review"}
          </button>
        </Form>
      )}
    </main>
  );
}
