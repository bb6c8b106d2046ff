import { ImagePanel } from "../../components/admin/image-panel";
import { BackButton, ProductForm } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { listCategoryOptions } from "../../../modules/catalog/admin.server";
import { getProduct } from "../../../modules/catalog/service.server";
import { loadOr404 } from "./list-query.server";
import type { Route } from "./+types/editproduct";

export const meta = () => [{ title: "Edit Product | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const product = await loadOr404(params.id, "Product", (id) => getProduct(db, id));
  return { product, categories: await listCategoryOptions(db) };
}

export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const { product, categories } = loaderData;
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Edit Product" />
      <div className="grid gap-5">
        <ImagePanel
          url={`/api/products/${product.id}`}
          removeUrl={`/api/products/${product.id}/image`}
          imageUrl={product.imageUrl}
          alt={product.title}
        />
        <ProductForm categories={categories} product={product} />
      </div>
    </div>
  );
}
