import { ProductGrid } from "../../components/product-grid";
import { appContext } from "../../context";
import { forProductCard } from "../../lib/card-data";
import { pageMeta } from "../../lib/seo";
import { siteOrigin } from "../../lib/site-origin.server";
import { listProducts } from "../../../modules/catalog/service.server";
import type { Route } from "./+types/promo";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Promo Sale! Up to 50% off",
    description: "Get up to 50% off on selected self-care gifts, journals and calendars from Alafia Self-Care.",
    url: data ? `${data.origin}/promopage` : undefined,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, user } = context.get(appContext);
  // spec §2: only products with a discount
  const { items } = await listProducts(db, { promo: true, pageSize: 100 });
  return { products: items.map(forProductCard), signedIn: Boolean(user), origin: siteOrigin(context, request) };
}

export default function Promo({ loaderData }: Route.ComponentProps) {
  const { products, signedIn } = loaderData;
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
          // spec §2/§6: a click goes to the product when logged in, otherwise to /promosign
          <ProductGrid products={products} hrefFor={(p) => (signedIn ? `/productdetails/${p.id}` : "/promosign")} />
        )}
      </div>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
