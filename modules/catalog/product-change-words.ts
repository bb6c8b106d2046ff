import { shortDay } from "../../lib/lagos-calendar";
import { formatNairaAmount } from "../../lib/money";
import type { ProductChangeView } from "./types";

// docs/product.md "Product history": a save in the words of the product form, for the edit screen,
// the owner's dashboard and her morning summary. Safe for the browser.

type Change = ProductChangeView["changes"][number];
type NumberChange = Extract<Change, { field: "price" | "discount" | "stock" }>;

// the product form's labels ("Discount (₦)" is the sale price, docs/product.md §3)
const label = { price: "Price", discount: "Discount", stock: "Stock" } as const;

function shown({ field }: NumberChange, value: number | null): string {
  if (field === "stock") return value === null ? "not tracked" : String(value);
  return field === "discount" && !value ? "none" : formatNairaAmount(value ?? 0);
}

/** One field's change: "Price ₦12,500 → ₦9,900", "Title “Calm Cards” → “Calm Cards, 52”", "Photo replaced", "Pre-order ships from Sat 16 Jan → Sat 23 Jan". */
function changeWords(c: Change): string {
  if (c.field === "price" || c.field === "discount" || c.field === "stock")
    return `${label[c.field]} ${shown(c, c.before)} → ${shown(c, c.after)}`;
  if (c.field === "photo") return c.before === null ? "Photo added" : c.after === null ? "Photo removed" : "Photo replaced";
  if (c.field === "title") return `Title “${c.before ?? ""}” → “${c.after ?? ""}”`;
  if (c.field === "shipsFrom")
    return `Pre-order ships from ${c.before ? shortDay(c.before) : "none"} → ${c.after ? shortDay(c.after) : "none"}`;
  return `Category ${c.before ?? "none"} → ${c.after ?? "none"}`;
}

/** "Price ₦12,500 → ₦9,900; Stock 8 → 12", or for a new product "Added at ₦12,500, discount ₦9,000, 8 in stock". */
export function productChangeWords(save: Pick<ProductChangeView, "added" | "changes">): string {
  if (save.added) {
    const of = (field: NumberChange["field"]) => save.changes.find((c): c is NumberChange => c.field === field);
    const price = of("price");
    const sale = of("discount");
    const stock = of("stock");
    return [
      `Added at ${price ? shown(price, price.after) : "its price"}`,
      ...(sale ? [`discount ${shown(sale, sale.after)}`] : []),
      ...(stock ? [`${stock.after} in stock`] : []),
    ].join(", ");
  }
  return save.changes.map(changeWords).join("; ");
}
