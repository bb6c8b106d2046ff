import { AppError } from "../../lib/errors";
import { formatNaira } from "../../lib/money";
import { unitPrice } from "./price-order";

// A price the team agreed with a customer in the chat ("last price?"), for one line of an order it
// records at the order desk (docs/product.md "Manual orders"). It takes the place of the line's sale
// price, so every screen, receipt, report and refund reads it as they read a sale. Safe for the browser.

type ListedLine = { productId: string; title: string; priceKobo: number; discountKobo: number };

/** The form field that carries a line's agreed price on the order desk. */
export const agreedPriceField = (productId: string) => `price.${productId}`;

/** What the shop sells the line at today: its sale price, else its price. */
export const listedKobo = (line: Pick<ListedLine, "priceKobo" | "discountKobo">) =>
  unitPrice({ price: line.priceKobo, discount: line.discountKobo });

/**
 * The line's sale price once the agreed price (kobo) replaces it: unchanged without one or at the
 * listed price. Never above what the shop sells it at today: a 400 naming the line's field.
 */
export function agreedDiscountKobo(line: ListedLine, agreedKobo: number | undefined): number {
  const listed = listedKobo(line);
  if (agreedKobo === undefined || agreedKobo === listed) return line.discountKobo;
  if (agreedKobo > listed)
    throw new AppError("invalid", `The price agreed for ${line.title} can't be above its listed price, ${formatNaira(listed)}.`, {
      fields: { [agreedPriceField(line.productId)]: `At most the listed ${formatNaira(listed)}` },
    });
  return agreedKobo;
}

/** The order's history line for its agreed prices: "price agreed: Calm Cards at ₦18,000 each (listed ₦20,000)". */
export function agreedPricesNote(agreed: { title: string; agreedKobo: number; listedKobo: number }[]): string | null {
  if (!agreed.length) return null;
  return `price agreed: ${agreed.map((l) => `${l.title} at ${formatNaira(l.agreedKobo)} each (listed ${formatNaira(l.listedKobo)})`).join("; ")}`;
}
