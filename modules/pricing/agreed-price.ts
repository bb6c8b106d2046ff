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

/** The lowest price each staff may agree: `staffCut` percent below the listed price, up to the kobo; null (the owner): none. */
export const lowestAgreedKobo = (listed: number, staffCut: number | null) =>
  staffCut === null ? 1 : Math.ceil((listed * (100 - staffCut)) / 100);

/**
 * The line's sale price once the agreed price (kobo) replaces it: unchanged without one or at the
 * listed price. Never above what the shop sells it at today, and for staff never more than the
 * owner's `staffCut` percent below it: a 400 naming the line's field.
 */
export function agreedDiscountKobo(line: ListedLine, agreedKobo: number | undefined, staffCut: number | null = null): number {
  const listed = listedKobo(line);
  if (agreedKobo === undefined || agreedKobo === listed) return line.discountKobo;
  const refuse = (msg: string, field: string) => new AppError("invalid", msg, { fields: { [agreedPriceField(line.productId)]: field } });
  if (agreedKobo > listed)
    throw refuse(
      `The price agreed for ${line.title} can't be above its listed price, ${formatNaira(listed)}.`,
      `At most the listed ${formatNaira(listed)}`,
    );
  const lowest = lowestAgreedKobo(listed, staffCut);
  if (agreedKobo < lowest)
    throw staffCut === 0
      ? refuse(`Only the owner agrees a price below the listed one, for ${line.title}.`, "Only the owner agrees a lower price")
      : refuse(
          `Staff agree at most ${staffCut}% below the listed price: at least ${formatNaira(lowest)} for ${line.title}. Ask the owner for less.`,
          `At least ${formatNaira(lowest)} (${staffCut}% below the listed price); ask the owner for less`,
        );
  return agreedKobo;
}

/** The order's history line for its agreed prices: "price agreed: Calm Cards at ₦18,000 each (listed ₦20,000)". */
export function agreedPricesNote(agreed: { title: string; agreedKobo: number; listedKobo: number }[]): string | null {
  if (!agreed.length) return null;
  return `price agreed: ${agreed.map((l) => `${l.title} at ${formatNaira(l.agreedKobo)} each (listed ${formatNaira(l.listedKobo)})`).join("; ")}`;
}
