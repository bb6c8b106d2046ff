import { Link } from "react-router";
import type { CategoryView } from "../../modules/catalog/types";
import { ResponsiveImage } from "./responsive-image";

export function CategoryCard({ category, priority = false }: { category: CategoryView; priority?: boolean }) {
  return (
    <Link
      to={`/categories/${category.id}`}
      className="group relative block overflow-hidden rounded-2xl border border-line bg-linen shadow-sm hover:shadow-md"
    >
      <ResponsiveImage
        images={category.images}
        fallbackUrl={category.imageUrl}
        alt=""
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
        priority={priority}
        className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105"
      />
      <span className="absolute inset-x-3 bottom-3 rounded-xl bg-linen/95 px-4 py-2.5 font-display text-lg font-semibold text-ink">
        {category.name}
      </span>
    </Link>
  );
}
