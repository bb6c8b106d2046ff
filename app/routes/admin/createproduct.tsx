import { BackButton, ProductForm } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { listCategoryOptions } from "../../../modules/catalog/admin.server";
import type { Route } from "./+types/createproduct";

export const meta = () => [{ title: "Create Product | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { categories: await listCategoryOptions(context.get(appContext).db) };
}

export default function CreateProduct({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Create Product" />
      <ProductForm categories={loaderData.categories} />
    </div>
  );
}
