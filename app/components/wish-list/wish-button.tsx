import { Heart } from "lucide-react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import type { FormResult } from "../../lib/forms";
import { saveAfterLoginPath } from "../../../modules/wish-lists/save-after-login";

/** Her list's page, where the product page's button posts (app/routes/shop/wish-list.tsx). */
export const WISH_LIST_PAGE = "/wishlist";

type RootData = { user: { id: string } | null } | undefined;

/**
 * docs/product.md "Wish lists": on a product's page, "Save to my wish list" saves it without leaving
 * the page (before the script runs, the post lands on her list); once saved, "On your wish list"
 * takes it off again. A visitor who is not signed in is sent to log in, which saves it, and back to
 * the product.
 */
export function WishButton({ productId, wished }: { productId: string; wished: boolean }) {
  const root = useRouteLoaderData("root") as RootData;
  const fetcher = useFetcher<FormResult>();
  if (!root?.user)
    return (
      <Link to={saveAfterLoginPath(productId)} className="btn-outline" data-testid="wish-button">
        <Heart size={18} aria-hidden="true" /> Save to my wish list
      </Link>
    );
  // while her tap is on its way, the button already says what it will
  const sending = fetcher.formData?.get("intent");
  const on = sending ? sending === "add" : wished;
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.msg : null;
  return (
    <fetcher.Form method="post" action={WISH_LIST_PAGE} className="contents">
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className="btn-outline" aria-pressed={on} data-testid="wish-button">
        <Heart size={18} aria-hidden="true" className={on ? "fill-current text-rose" : ""} />
        {on ? "On your wish list" : "Save to my wish list"}
      </button>
      {refused ? (
        <p role="status" className="basis-full text-sm font-semibold text-rose-dark">
          {refused}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
