import { Link } from "react-router";
import { lagosDayTime } from "../../../lib/lagos-calendar";
import { formatNairaAmount } from "../../../lib/money";
import type { ProductChangeView, RecentProductChange } from "../../../modules/catalog/types";

// docs/product.md "Price and stock history": the edit screen's last saves that changed a price, a
// sale price or the stock, newest first, in the words of the product form.

type Change = ProductChangeView["changes"][number];

// the product form's labels ("Discount (₦)" is the sale price, docs/product.md §3)
const label = { price: "Price", discount: "Discount", stock: "Stock" } as const;

function shown({ field }: Change, value: number | null): string {
  if (field === "stock") return value === null ? "not tracked" : String(value);
  return field === "discount" && !value ? "none" : formatNairaAmount(value ?? 0);
}

/** "Price ₦12,500 → ₦9,900; Stock 8 → 12", or for a new product "Added at ₦12,500, discount ₦9,000, 8 in stock". */
export function productChangeWords(save: Pick<ProductChangeView, "added" | "changes">): string {
  if (save.added) {
    const of = (field: Change["field"]) => save.changes.find((c) => c.field === field);
    const price = of("price");
    const sale = of("discount");
    const stock = of("stock");
    return [
      `Added at ${price ? shown(price, price.after) : "its price"}`,
      ...(sale ? [`discount ${shown(sale, sale.after)}`] : []),
      ...(stock ? [`${stock.after} in stock`] : []),
    ].join(", ");
  }
  return save.changes.map((c) => `${label[c.field]} ${shown(c, c.before)} → ${shown(c, c.after)}`).join("; ");
}

/**
 * A list of saves under its heading: one product's on its edit screen, or every product's latest on
 * the owner's dashboard, where each names its product with a link to it.
 */
export function ProductHistory({
  saves,
  title = "Price and stock history",
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
