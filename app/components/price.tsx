import { formatNairaAmount } from "../../lib/money";
import { unitPrice } from "../../modules/pricing/price-order";

const sizes = {
  card: { now: "text-lg font-bold text-rose", was: "text-sm text-muted", plain: "text-lg font-bold" },
  page: { now: "text-3xl font-bold text-rose-dark", was: "text-lg text-muted", plain: "text-3xl font-bold" },
};

/**
 * What a product costs (docs/product.md §2 cards): the sale price with the full price struck
 * through when there is one (unitPrice), else the price. The struck price reads "was" as text: an
 * aria-label on <s> is not reliably announced. `save` adds the product page's 'Save ₦…' badge.
 */
export function Price({
  product,
  size = "card",
  save = false,
}: {
  product: { price: number; discount: number };
  size?: keyof typeof sizes;
  save?: boolean;
}) {
  const style = sizes[size];
  if (!(product.discount > 0)) return <span className={style.plain}>{formatNairaAmount(product.price)}</span>;
  return (
    <>
      <span className={style.now}>{formatNairaAmount(unitPrice(product))}</span>
      <s className={style.was}>
        <span className="sr-only">was </span>
        {formatNairaAmount(product.price)}
      </s>
      {save ? (
        <span className="rounded-full bg-blush px-3 py-1 text-sm font-bold text-rose-dark">
          Save {formatNairaAmount(product.price - unitPrice(product))}
        </span>
      ) : null}
    </>
  );
}
