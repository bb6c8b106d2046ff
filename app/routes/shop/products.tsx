import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Pagination } from "../../components/pagination";
import { ProductGrid } from "../../components/product-grid";
import { appContext } from "../../context";
import { readSearchParams } from "../../lib/search-params.server";
import { forProductCard } from "../../lib/card-data";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { productListQuery } from "../../../modules/catalog/schemas";
import { listCategories, listProducts } from "../../../modules/catalog/service.server";
import type { Route } from "./+types/products";

const PAGE_SIZE = 12;
const sortOptions = [
  { value: "newest", label: "Newest" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "best_selling", label: "Best selling" },
] as const;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta({ title: "Shop self-care packages", description: "Browse Alafia Self-Care products." });
  const { q, category, page, origin } = data;
  const title = q ? `Search results for “${q}”` : category ? `${category.name}` : "Shop self-care packages and stress relief";
  const canonical = new URL(`${origin}/products`);
  if (category) canonical.searchParams.set("categoryId", category.id);
  if (page > 1) canonical.searchParams.set("page", String(page));
  return pageMeta({
    title: page > 1 ? `${title} (page ${page})` : title,
    description:
      "Gratitude journals, self-care cards, motivational calendars, colouring books and stress-relief gifts, priced in naira and delivered across Lagos.",
    url: canonical.toString(),
    noindex: Boolean(q),
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  // only the parameters this page understands (tracking parameters are ignored); empty means absent
  const query = readSearchParams(request, productListQuery, ["q", "categoryId", "sort", "page"], { pageSize: PAGE_SIZE });
  const [{ items, total }, categories] = await Promise.all([listProducts(db, query), listCategories(db)]);
  const category = categories.find((c) => c.id === query.categoryId) ?? null;
  return {
    products: items.map(forProductCard),
    total,
    categories,
    category,
    q: query.q ?? "",
    sort: query.sort,
    page: query.page,
    origin: publicOrigin(context.get(appContext).env),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, total, categories, category, q, sort, page } = loaderData;
  const submit = useSubmit();
  // was the last select opened with a mouse or a finger (true) or moved with keys (false)?
  const pickedByPointer = useRef(false);
  const hrefFor = (n: number) => {
    const sp = new URLSearchParams();
    if (q) sp.set("q", q);
    if (category) sp.set("categoryId", category.id);
    if (sort !== "newest") sp.set("sort", sort);
    if (n > 1) sp.set("page", String(n));
    const s = sp.toString();
    return s ? `/products?${s}` : "/products";
  };
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl sm:text-4xl">{q ? `Results for “${q}”` : category ? category.name : "Shop all"}</h1>
      <p className="mt-2 text-muted" role="status">
        {total} {total === 1 ? "product" : "products"}
      </p>

      <Form
        method="get"
        action="/products"
        className="mt-6 grid gap-3 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        onPointerDown={(e) => {
          pickedByPointer.current = e.target instanceof Element && e.target.closest("select") !== null;
        }}
        onKeyDown={() => {
          pickedByPointer.current = false;
        }}
        onChange={(e) => {
          // WCAG 3.2.2: a category or order picked with the mouse or a finger applies at once; arrow keys
          // only move the choice (each press fires change), and Apply sends it, as it does without JavaScript
          if (e.target instanceof HTMLSelectElement && pickedByPointer.current) void submit(e.currentTarget);
        }}
      >
        <div>
          <label htmlFor="filter-q" className="label">
            Search
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={q} key={q} placeholder="e.g. gratitude journal" className="input" />
        </div>
        <div>
          <label htmlFor="filter-category" className="label">
            Category
          </label>
          <select id="filter-category" name="categoryId" defaultValue={category?.id ?? ""} key={category?.id ?? "all"} className="input">
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort" className="label">
            Sort by
          </label>
          <select id="filter-sort" name="sort" defaultValue={sort} key={sort} className="input">
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Apply
        </button>
      </Form>

      <div className="mt-8">
        {products.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line bg-linen p-10 text-center">
            <p className="font-display text-2xl">{q ? `No products match “${q}”` : "No products here yet"}</p>
            <p className="mt-2 text-muted">Try another word, check the spelling, or browse everything.</p>
            <Link to="/products" className="btn-outline mt-6">
              See all products
            </Link>
          </div>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} hrefFor={hrefFor} />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
