import type { ProductView } from "../../modules/catalog/types";
import { ProductCard } from "./product-card";

/** Product cards in a responsive grid; the first card's image is the page's largest above the fold. */
export function ProductGrid({ products, hrefFor }: { products: ProductView[]; hrefFor?: (p: ProductView) => string }) {
  return (
    <>
      <h2 className="sr-only">Products</h2>
      {/* two a row on phones, as shoppers expect: twice the products per screen, half the image bytes */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} priority={i === 0} href={hrefFor?.(product)} />
          </li>
        ))}
      </ul>
    </>
  );
}
