import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "../../components/pagination";
import { ProductGrid } from "../../components/product-grid";
import { appContext } from "../../context";
import { recordOr404 } from "../../lib/not-found.server";
import { readSearchParams } from "../../lib/search-params.server";
import { forProductCard } from "../../lib/card-data";
import { absoluteUrl, pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { pageQuery } from "../../../modules/catalog/schemas";
import { getCategory, listProducts } from "../../../modules/catalog/service.server";
import { shareImagePath } from "../../../modules/content/share-images";
import { shareImageVersion, sourceImageUrl } from "../../../modules/content/share-images.server";
import type { Route } from "./+types/category";

// the same server-side pages as /products (a category is not cut off at its first 100 products)
const PAGE_SIZE = 12;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta({ title: "Category not found", description: "This category does not exist.", noindex: true });
  const { category, origin, page, shareImageUrl } = data;
  return pageMeta({
    title: page > 1 ? `${category.name} (page ${page})` : category.name,
    description: `Shop ${category.name.toLowerCase()} from Alafia Self-Care: ${category.productCount} thoughtful picks, priced in naira, delivered across Lagos.`,
    url: `${origin}/categories/${category.id}${page > 1 ? `?page=${page}` : ""}`,
    image: shareImageUrl,
  });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const paging = readSearchParams(request, pageQuery, ["page"], { pageSize: PAGE_SIZE });
  return recordOr404(params.id, async (id) => {
    const category = await getCategory(db, id);
    const { items, total } = await listProducts(db, { categoryId: category.id, ...paging });
    const origin = publicOrigin(context.get(appContext).env);
    const shareImageUrl = absoluteUrl(origin, shareImagePath("categories", category.id, shareImageVersion(sourceImageUrl(category))));
    return { category, products: items.map(forProductCard), total, page: paging.page, origin, shareImageUrl };
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, products, total, page } = loaderData;
  return (
    <main id="main" className="container-page py-10">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <Link to="/" className="inline-flex min-h-11 items-center gap-1 font-semibold text-rose-dark hover:underline">
              <ChevronLeft size={16} aria-hidden="true" /> Home
            </Link>
          </li>
          <li aria-hidden="true" className="text-muted">
            /
          </li>
          <li>
            <Link to="/products" className="inline-flex min-h-11 items-center font-semibold text-rose-dark hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true" className="text-muted">
            /
          </li>
          <li aria-current="page" className="text-muted">
            {category.name}
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl sm:text-4xl">{category.name}</h1>
      <p className="mt-2 text-muted">
        {total} {total === 1 ? "product" : "products"}
      </p>
      <div className="mt-8">
        {products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-linen p-10 text-center text-muted">
            No products in this category yet.
          </p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        hrefFor={(n) => `/categories/${category.id}${n > 1 ? `?page=${n}` : ""}`}
      />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
