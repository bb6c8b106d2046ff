import { toastOnRedirect } from "../../components/admin/admin-form";
import { BackButton, ProductForm } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { newProductInput } from "../../../modules/catalog/admin-schemas";
import { isOwner } from "../../../modules/accounts/roles";
import { listCategoryOptions } from "../../../modules/catalog/admin-categories.server";
import { createProduct } from "../../../modules/catalog/admin-products.server";
import { createAction } from "./admin-action.server";
import { loadOrNull } from "./list-query.server";
import type { Route } from "./+types/createproduct";

export const meta = () => [{ title: "Create Product | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { db, logger } = context.get(appContext);
  // null: the form says 'Failed to load categories. Please try again.' (docs/product.md §8); [] is a shop without categories yet
  const categories = await loadOrNull(logger, "categories", () => listCategoryOptions(db));
  // the owner's form also asks what one costs (docs/product.md "Cost prices and profit")
  return { categories, costField: isOwner(user.role) };
}

export const action = (args: Route.ActionArgs) =>
  createAction(
    args,
    newProductInput,
    ({ db, storage, user }, data, image) => createProduct(db, storage, data, image, user),
    "/producttable",
  );

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Product created", args);

export default function CreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Create Product" />
      <ProductForm categories={loaderData.categories} costField={loaderData.costField} answer={actionData} />
    </div>
  );
}
