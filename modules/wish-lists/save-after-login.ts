// docs/product.md "Wish lists": a visitor's "Save to my wish list" sends her to log in (or sign up,
// then log in) and back to the product; the log-in itself saves it, so she does not tap again. The
// wish rides in the destination every sign-in page already carries (`redirectTo`):
// /productdetails/{id}?save=1. Only the log-in's POST saves; opening that address saves nothing.
// Safe for the browser.

const PRODUCT_PAGE = /^\/productdetails\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Where a visitor's wish button sends her: the log-in, and back to the product to save it. */
export const saveAfterLoginPath = (productId: string) => `/login?redirectTo=${encodeURIComponent(`/productdetails/${productId}?save=1`)}`;

/** The product a log-in's destination asks to save, and the product's own page to go on to; null: none. */
export function wishInDestination(to: string): { productId: string; back: string } | null {
  const [path = "", query = ""] = to.split("?", 2);
  const found = PRODUCT_PAGE.exec(path);
  return found && new URLSearchParams(query).get("save") === "1" ? { productId: found[1]!.toLowerCase(), back: path } : null;
}
