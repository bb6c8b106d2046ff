import { Link } from "react-router";
import type { CategoryView } from "../../modules/catalog/types";
import { ResponsiveImage } from "./responsive-image";

export function CategoryCard({ category, priority = false }: { category: CategoryView; priority?: boolean }) {
  return (
    <Link
      to={`/categories/${category.id}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-linen shadow-sm hover:shadow-md"
    >
      <ResponsiveImage
        images={category.images}
        fallbackUrl={category.imageUrl}
        alt=""
        sizes="(min-width: 1024px) 360px, 46vw"
        priority={priority}
        className="aspect-[6/5] w-full object-cover transition-transform duration-300 sm:aspect-[4/3] group-hover:scale-105"
      />
      {/* under the picture on phones (two tiles a row leave no room to cover it), over it from sm */}
      <span className="flex-1 px-3 py-2.5 font-display text-base font-semibold leading-snug text-ink sm:absolute sm:inset-x-3 sm:bottom-3 sm:rounded-xl sm:bg-linen/95 sm:px-4 sm:py-2.5 sm:text-lg">
        {category.name}
      </span>
    </Link>
  );
}
