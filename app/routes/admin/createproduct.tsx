import { redirect } from "react-router";
import { toastOnRedirect } from "../../components/admin/admin-form";
import { BackButton, ProductForm } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { formImage, parseForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { productInput } from "../../../modules/catalog/admin-schemas";
import { createProduct, listCategoryOptions } from "../../../modules/catalog/admin.server";
import { adminAction } from "./admin-action.server";
import { loadOrNull } from "./list-query.server";
import type { Route } from "./+types/createproduct";

export const meta = () => [{ title: "Create Product | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db, logger } = context.get(appContext);
  // null: the form says 'Failed to load categories. Please try again.' (docs/product.md §8); [] is a shop without categories yet
  return { categories: await loadOrNull(logger, "categories", () => listCategoryOptions(db)) };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, storage }) => {
    const { data, form } = await parseForm(args.request, productInput);
    await createProduct(db, storage, data, await formImage(form));
    return redirect("/producttable");
  });
}

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Product created", args);

export default function CreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Create Product" />
      <ProductForm categories={loaderData.categories} answer={actionData} />
    </div>
  );
}
