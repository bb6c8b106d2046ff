import { Check } from "lucide-react";
import { Form, Link } from "react-router";
import { isSoldOut } from "../../../modules/stock/availability";
import type { ProductView } from "../../../modules/catalog/types";
import { AddToCart } from "../cart/add-to-cart";
import { Price } from "../price";
import { ResponsiveImage } from "../responsive-image";

/**
 * docs/product.md "Wish lists": the products of a list, latest saved first, each with its picture,
 * price and Add To Cart (anyone opening the list buys from it as from the shop); on her own list,
 * Remove.
 */
export function WishItems({
  items,
  mine,
  bought = {},
}: {
  items: ProductView[];
  mine: boolean;
  /** how many of each product friends bought from the list (a shared list's marks; never on her own) */
  bought?: Record<string, number>;
}) {
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="wish-items">
      {items.map((product) => (
        <li key={product.id} className="rounded-2xl border border-line bg-linen p-4" data-testid="wish-item">
          <div className="flex gap-4">
            {/* the title beside it is the same link, for screen readers and the keyboard */}
            <Link to={`/productdetails/${product.id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
              <ResponsiveImage
                images={product.images}
                fallbackUrl={product.imageUrl}
                alt=""
                sizes="96px"
                className="h-24 w-24 rounded-xl border border-line object-cover"
              />
            </Link>
            <div className="min-w-0">
              <h2 className="text-lg leading-snug">
                <Link to={`/productdetails/${product.id}`} className="hover:underline">
                  {product.title}
                </Link>
              </h2>
              <p className="mt-1 flex flex-wrap items-baseline gap-2">
                <Price product={product} />
              </p>
              {isSoldOut(product.stock) ? <p className="mt-1 text-sm font-semibold text-rose-dark">Sold out for now</p> : null}
              {bought[product.id] ? <BoughtMark count={bought[product.id]!} /> : null}
            </div>
          </div>
          <div className="mt-4 flex flex-wrap items-start gap-3">
            <AddToCart product={{ id: product.id, title: product.title, stock: product.stock }} />
            {mine ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="productId" value={product.id} />
                <button type="submit" className="btn-outline" aria-label={`Remove ${product.title} from your wish list`}>
                  Remove
                </button>
              </Form>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Bought by a friend", or how many friends have bought (docs/product.md "Wish lists", "Bought from her list"). */
function BoughtMark({ count }: { count: number }) {
  return (
    <p
      className="mt-1 inline-flex items-center gap-1 rounded-full bg-sage-soft px-2.5 py-0.5 text-sm font-semibold text-ink"
      data-testid="bought-mark"
    >
      <Check size={14} aria-hidden="true" /> {count === 1 ? "Bought by a friend" : `${count} bought already`}
    </p>
  );
}
