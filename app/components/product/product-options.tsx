import { preorderWords } from "../../../modules/stock/preorder";
import { isSoldOut } from "../../../modules/stock/availability";

// docs/product.md §2 product page: a size row XS S M L XL that highlights only the product's own size, and a colour swatch.
export const SIZES = ["XS", "S", "M", "L", "XL"] as const;

// The shop's colour names (admins type free text); anything unknown gets a neutral swatch beside its name.
const swatches: Record<string, string> = {
  "blush pink": "#f4c2c9",
  "butter yellow": "#f6e3a1",
  cream: "#f6efe1",
  "dusty blue": "#9fb6cd",
  lavender: "#c7b8e0",
  peach: "#f7c3a3",
  "sage green": "#a9bfa6",
  terracotta: "#c9704f",
  white: "#ffffff",
  black: "#222222",
  pink: "#f2a7b8",
  blue: "#7fa3d1",
  green: "#8fb58a",
  gold: "#c9954c",
};

export function SizeRow({ size }: { size: string | null }) {
  return (
    <div>
      <p className="label" id="size-label">
        Size{size ? `: ${size}` : ": one size"}
      </p>
      <ul className="flex gap-2" aria-labelledby="size-label">
        {SIZES.map((s) => {
          const own = s === size;
          return (
            <li
              key={s}
              aria-current={own ? "true" : undefined}
              className={`inline-flex h-11 min-w-11 items-center justify-center rounded-xl border px-2 text-sm font-bold ${own ? "border-rose bg-rose text-white" : "border-line bg-linen text-muted"}`}
            >
              <span className="sr-only">{own ? "This product's size: " : "Not available in "}</span>
              {s}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ColourSwatch({ color }: { color: string | null }) {
  if (!color) return null;
  const hex = swatches[color.trim().toLowerCase()] ?? "#d9cfc4";
  return (
    <div>
      <p className="label">Colour</p>
      <p className="flex items-center gap-2 text-sm">
        <span
          aria-hidden="true"
          className="inline-block h-8 w-8 rounded-full border-2 border-linen shadow ring-1 ring-line"
          style={{ backgroundColor: hex }}
        />
        {color}
      </p>
    </div>
  );
}

/** The stock state beside 'Add To Cart': the button is disabled when it reads 'Out of stock'. */
export function StockState({
  stock,
  lowStockThreshold,
  shipsFrom = null,
}: {
  stock: number | null;
  lowStockThreshold: number;
  shipsFrom?: string | null;
}) {
  const { text, tone } = stockLabel(stock, lowStockThreshold, shipsFrom);
  return (
    <p className={`font-semibold ${tone === "ok" ? "text-sage" : "text-rose-dark"}`} data-testid="stock-state">
      {text}
    </p>
  );
}

/**
 * 'Out of stock', 'Only N left' at or under the shop's low-stock threshold, else 'In stock'.
 * A product whose stock is not tracked (null) is always 'In stock'. A pre-order says the day it
 * ships from instead of 'In stock' (docs/product.md "Pre-orders").
 */
export function stockLabel(
  stock: number | null,
  lowStockThreshold: number,
  shipsFrom: string | null = null,
): { text: string; tone: "out" | "low" | "ok" } {
  if (stock !== null && isSoldOut(stock)) return { text: "Out of stock", tone: "out" };
  const low = stock !== null && stock <= lowStockThreshold;
  if (shipsFrom) return { text: `${preorderWords(shipsFrom)}${low ? ` · only ${stock} left` : ""}`, tone: low ? "low" : "ok" };
  if (low) return { text: `Only ${stock} left`, tone: "low" };
  return { text: "In stock", tone: "ok" };
}
