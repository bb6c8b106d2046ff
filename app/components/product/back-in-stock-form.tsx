import { useFetcher } from "react-router";
import { useBusy, type FormResult } from "../../lib/forms";

/** The address a sold-out product's request posts to (app/routes/shop/back-in-stock.tsx). */
export const backInStockPath = (productId: string) => `/productdetails/${productId}/notify`;

/**
 * docs/product.md "Back in stock": under a sold-out product, her email and "Email me when it's back",
 * posted without leaving the page; before the script runs, the post lands on the request's own page.
 */
export function BackInStockForm({ productId }: { productId: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const answer = fetcher.data;
  if (answer?.ok)
    return (
      <p
        role="status"
        className="rounded-2xl border border-line bg-sage-soft p-4 text-sm font-semibold text-ink"
        data-testid="back-in-stock"
      >
        {answer.msg}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action={backInStockPath(productId)}
      noValidate
      className="rounded-2xl border border-line bg-linen p-4"
      data-testid="back-in-stock"
    >
      <label htmlFor="back-in-stock-email" className="text-sm font-semibold">
        Sold out for now. Leave your email and we will tell you once it is back.
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id="back-in-stock-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          aria-describedby="back-in-stock-answer"
          className="input min-w-48 flex-1 basis-48"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          Email me when it&apos;s back
        </button>
      </div>
      <p id="back-in-stock-answer" role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-rose-dark">
        {answer ? (answer.fields?.email ?? answer.msg) : null}
      </p>
    </fetcher.Form>
  );
}
