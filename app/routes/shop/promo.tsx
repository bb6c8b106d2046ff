import { Pagination } from "../../components/pagination";
import { ProductGrid } from "../../components/product-grid";
import { appContext } from "../../context";
import { readSearchParams } from "../../lib/search-params.server";
import { forProductCard } from "../../lib/card-data";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { pageQuery } from "../../../modules/catalog/schemas";
import { listProducts } from "../../../modules/catalog/service.server";
import type { Route } from "./+types/promo";

// the same server-side pages as /products (the sale is not cut off at its first 100 products)
const PAGE_SIZE = 12;

export function meta({ data }: Route.MetaArgs) {
  const page = data?.page ?? 1;
  return pageMeta({
    title: page > 1 ? `Promo Sale! Up to 50% off (page ${page})` : "Promo Sale! Up to 50% off",
    description: "Get up to 50% off on selected self-care gifts, journals and calendars from Alafia Self-Care.",
    url: data ? `${data.origin}/promopage${page > 1 ? `?page=${page}` : ""}` : undefined,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, user } = context.get(appContext);
  const paging = readSearchParams(request, pageQuery, ["page"], { pageSize: PAGE_SIZE });
  // docs/product.md §2: only products with a discount
  const { items, total } = await listProducts(db, { promo: true, ...paging });
  return {
    products: items.map(forProductCard),
    total,
    page: paging.page,
    signedIn: Boolean(user),
    origin: publicOrigin(context.get(appContext).env),
  };
}

export default function Promo({ loaderData }: Route.ComponentProps) {
  const { products, total, page, signedIn } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-blush via-cream to-sage-soft">
        <div className="container-page py-12 text-center sm:py-16">
          <h1 className="text-4xl text-rose-dark sm:text-5xl">Promo Sale!</h1>
          <p className="mt-3 text-lg font-semibold">Get up to 50% off on selected items!!</p>
          {!signedIn && <p className="mt-2 text-sm text-muted">Sign up or log in to claim a promo price.</p>}
        </div>
      </section>
      <div className="container-page py-10">
        {products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-linen p-10 text-center text-muted">
            No promotions right now. Check back soon!
          </p>
        ) : (
          // docs/product.md §2/§6: a click goes to the product when logged in, otherwise to /promosign
          <ProductGrid products={products} hrefFor={(p) => (signedIn ? `/productdetails/${p.id}` : "/promosign")} />
        )}
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(n) => (n > 1 ? `/promopage?page=${n}` : "/promopage")} />
      </div>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
