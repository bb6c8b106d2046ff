import { Link } from "react-router";
import { isSoldOut } from "../../modules/stock/availability";
import type { ProductView } from "../../modules/catalog/types";
import { PRODUCT_PREVIEW_LENGTH } from "../lib/card-data";
import { Price } from "./price";
import { PreviewText } from "./preview-text";
import { ResponsiveImage } from "./responsive-image";
import { StarRating } from "./star-rating";

/**
 * docs/product.md §2 "Cards": title, price (a discount strikes the original through), the description's
 * first 32 characters, image or placeholder, and the real rating; 'Sold out' when its stock is
 * tracked and none is left. `href` overrides the link (the promo page sends anonymous visitors
 * to /promosign).
 */
export function ProductCard({
  product,
  priority = false,
  href,
  // the grids: two cards a row on phones and tablets, three or four from lg (max 280 px)
  sizes = "(min-width: 1024px) 280px, 46vw",
}: {
  product: ProductView;
  priority?: boolean;
  href?: string;
  sizes?: string;
}) {
  const soldOut = isSoldOut(product.stock);
  return (
    // relative: the visually hidden "was" (position absolute) stays inside the card; in the scrolling
    // carousel it would otherwise escape the track and widen the whole page
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-linen shadow-sm transition-shadow hover:shadow-md">
      <Link to={href ?? `/productdetails/${product.id}`} className="flex h-full flex-col">
        <ResponsiveImage
          images={product.images}
          fallbackUrl={product.imageUrl}
          // decorative here: the title just below is already the link's text
          alt=""
          sizes={sizes}
          priority={priority}
          className={`aspect-square w-full object-cover ${soldOut ? "opacity-70" : ""}`}
        />
        {soldOut ? (
          <span className="absolute left-2 top-2 rounded-full bg-ink px-2.5 py-1 text-xs font-bold text-white" data-testid="sold-out">
            Sold out
          </span>
        ) : product.shipsFrom ? (
          // docs/product.md "Pre-orders": bought now, sent from its day (the product's page says which)
          <span className="absolute left-2 top-2 rounded-full bg-sage px-2.5 py-1 text-xs font-bold text-white" data-testid="pre-order">
            Pre-order
          </span>
        ) : null}
        <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
          <h3 className="font-display text-base leading-snug group-hover:text-rose sm:text-lg">{product.title}</h3>
          <p className="text-sm text-muted">
            <PreviewText text={product.description} length={PRODUCT_PREVIEW_LENGTH} />
          </p>
          <StarRating rating={product.rating} count={product.reviews} />
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
            <Price product={product} />
          </p>
        </div>
      </Link>
    </article>
  );
}
