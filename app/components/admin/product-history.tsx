import { Link } from "react-router";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { productChangeWords } from "../../../modules/catalog/product-change-words";
import type { ProductChangeView, RecentProductChange } from "../../../modules/catalog/types";

// docs/product.md "Product history": the edit screen's last saves that changed a price, a sale
// price, the stock, the title, the category or the photo, newest first, in the words of the product form.

/**
 * A list of saves under its heading: one product's on its edit screen, or every product's latest on
 * the owner's dashboard, where each names its product with a link to it.
 */
export function ProductHistory({
  saves,
  title = "Product history",
}: {
  saves: (ProductChangeView | RecentProductChange)[];
  title?: string;
}) {
  return (
    <section aria-labelledby="product-history-title" className="rounded-2xl border border-line bg-linen p-4">
      <h2 id="product-history-title" className="text-lg">
        {title}
      </h2>
      <ol className="mt-3 divide-y divide-line text-sm" data-testid="product-history">
        {saves.map((save, i) => (
          <li key={`${save.at}-${i}`} className="py-2">
            {"product" in save ? (
              <Link to={`/editproduct/${save.product.id}`} className="font-semibold text-rose-dark underline underline-offset-4">
                {save.product.title}
              </Link>
            ) : null}
            <p className="font-semibold">{productChangeWords(save)}</p>
            <p className="text-muted">{`${lagosDayTime(new Date(save.at), "short")} · ${save.by ?? "no name recorded"}`}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
