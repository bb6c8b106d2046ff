import { useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { Field, FormMessage } from "../../components/forms/fields";
import { StarPicker } from "../../components/reviews/star-picker";
import { appContext } from "../../context";
import { redrawnFormAction } from "../../lib/form-action.server";
import { useBusy, useOnAnswer, useZodForm, type FormResult } from "../../lib/forms";
import { requireUserPage } from "../../lib/guards.server";
import { isAppError } from "../../../lib/errors";
import { reviewFormInput } from "../../../modules/reviews/schemas";
import { reviewableProducts, submitReview } from "../../../modules/reviews/service.server";
import type { Route } from "./+types/review";

// the page's script does not wait for zod: the browser's check of the form comes once it runs
const reviewSchema = () => import("../../../modules/reviews/schemas").then((m) => m.reviewFormInput);

export function meta() {
  return [{ title: "Write a review | Alafia Self-Care" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUserPage(context, request);
  const { db } = context.get(appContext);
  const selected = new URL(request.url).searchParams.get("productId") ?? "";
  return { products: await reviewableProducts(db, user.id), selected };
}

const FALLBACK = "An error occured while submitting the review";

// docs/product.md §8: the server's message, or 'An error occured while submitting the review'
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUserPage(context, request);
  const { db, logger } = context.get(appContext);
  // a form sent before the page's script ran is drawn again by the server: with what she chose
  return redrawnFormAction(request, reviewFormInput, async (fields) => {
    const input = fields();
    try {
      await submitReview(db, user.id, input.productId, input);
    } catch (e) {
      if (isAppError(e)) throw e;
      logger.error({ err: e }, "review failed");
      return data<FormResult>({ msg: FALLBACK, code: "internal" }, { status: 500 });
    }
    return { ok: true, msg: "Review submitted successfully!" } satisfies FormResult;
  });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { products, selected } = loaderData;
  const answer = actionData as FormResult | undefined;
  // what a refused form sent before the script ran held (the server draws it again)
  const typed = answer?.ok ? undefined : answer?.typed;
  const [rating, setRating] = useState(Number(typed?.rating) || 0);
  const form = useRef<HTMLFormElement>(null);
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(reviewSchema, answer);
  // docs/product.md §4: success clears rating and comment
  useOnAnswer(answer, (a) => {
    if (!a.ok) return;
    setRating(0);
    form.current?.reset();
  });
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
        <Form
          method="post"
          ref={form}
          noValidate
          onSubmit={onSubmit}
          className="mt-6 space-y-4 rounded-2xl border border-line bg-linen p-5"
        >
          <Field label="Product" name="productId" id="review-product" error={errors.productId}>
            {(control) => (
              <select {...control} defaultValue={typed?.productId ?? selected} required>
                <option value="" disabled>
                  Choose a product
                </option>
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <StarPicker name="rating" value={rating} onChange={setRating} error={errors.rating} />
          <Field label="Comment" name="comment" id="review-comment" error={errors.comment}>
            {(control) => (
              <textarea {...control} className={`${control.className} min-h-28`} defaultValue={typed?.comment} required maxLength={2000} />
            )}
          </Field>
          <FormMessage tone={answer?.ok ? "success" : "error"}>{answer?.ok ? answer.msg : msg}</FormMessage>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Submitting..." : "Submit Review"}
          </button>
        </Form>
      )}
    </main>
  );
}
