import { ImagePanel } from "../../components/admin/image-panel";
import { LoadFailed } from "../../components/admin/load-failed";
import { BackButton, ProductForm } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { listCategoryOptions } from "../../../modules/catalog/admin-categories.server";
import { getProduct } from "../../../modules/catalog/service.server";
import { recordOr404 } from "../../lib/not-found.server";
import { loadOrNull } from "./list-query.server";
import type { Route } from "./+types/editproduct";

export const meta = () => [{ title: "Edit Product | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, logger } = context.get(appContext);
  // an unknown product is the 404 page; a failed load is the docs/product.md §8 message on this screen
  const [product, categories] = await Promise.all([
    loadOrNull(logger, "product", () => recordOr404(params.id, (id) => getProduct(db, id), "Product not found")),
    loadOrNull(logger, "categories", () => listCategoryOptions(db)),
  ]);
  return { product, categories };
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { product, categories } = loaderData;
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Edit Product" />
      {product ? (
        <div className="grid gap-5">
          <ImagePanel
            url={`/api/products/${product.id}`}
            removeUrl={`/api/products/${product.id}/image`}
            imageUrl={product.imageUrl}
            alt={product.title}
          />
          <ProductForm categories={categories} product={product} />
        </div>
      ) : (
        <LoadFailed message="Failed to load product details" />
      )}
    </div>
  );
}
