import { formatNairaAmount } from "../../lib/money";
import type { ProductChangeView } from "./types";

// docs/product.md "Price and stock history": a save in the words of the product form, for the edit
// screen, the owner's dashboard and her morning summary. Safe for the browser.

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
