import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import type { ProductView } from "../../../modules/catalog/types";
import { ProductCard } from "../product-card";

/**
 * docs/product.md §2/§9 best sellers: 3 per view at ≥ 768 px, otherwise 1; previous/next move by the
 * visible count and wrap around, and are hidden on small screens. A native scroll-snap track,
 * so swiping works everywhere and the browser scrolls a focused card into view. On a phone the
 * next card shows its edge beside the whole one: with no arrows, that is what says 'swipe'.
 */
export function ProductCarousel({ products, label }: { products: ProductView[]; label: string }) {
  const track = useRef<HTMLUListElement>(null);

  function move(direction: 1 | -1) {
    const el = track.current;
    if (!el || !el.firstElementChild) return;
    const item = (el.firstElementChild as HTMLElement).offsetWidth;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = item + gap;
    const perView = Math.max(1, Math.round((el.clientWidth + gap) / step));
    const first = Math.round(el.scrollLeft / step);
    const last = products.length - perView;
    let next = first + direction * perView;
    if (first >= last && direction === 1)
      next = 0; // wrap to the start
    else if (first <= 0 && direction === -1) next = last; // wrap to the end
    next = Math.min(Math.max(next, 0), Math.max(last, 0));
    el.scrollTo({ left: next * step, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
    }
  }

  const arrow =
    "absolute top-1/3 z-10 hidden h-11 w-11 items-center justify-center rounded-full border border-line bg-linen text-ink shadow hover:bg-blush md:inline-flex";
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <button type="button" className={`${arrow} -left-3`} aria-label="Previous products" onClick={() => move(-1)}>
        <ChevronLeft size={20} aria-hidden="true" />
      </button>
      <ul ref={track} className="carousel-track flex snap-x snap-mandatory gap-5 overflow-x-auto scroll-smooth pb-2">
        {products.map((product, i) => (
          <li
            key={product.id}
            className="w-[85%] shrink-0 snap-start md:w-[calc((100%-2.5rem)/3)]"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${products.length}`}
          >
            {/* one whole card a view on phones (and the next one's edge), three from 768 px (docs/product.md §2) */}
            <ProductCard product={product} sizes="(min-width: 1152px) 360px, (min-width: 768px) 31vw, 78vw" />
          </li>
        ))}
      </ul>
      <button type="button" className={`${arrow} -right-3`} aria-label="Next products" onClick={() => move(1)}>
        <ChevronRight size={20} aria-hidden="true" />
      </button>
    </div>
  );
}
