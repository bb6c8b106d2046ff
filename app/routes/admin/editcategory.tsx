import { toastOnRedirect } from "../../components/admin/admin-form";
import { ImagePanel } from "../../components/admin/image-panel";
import { CategoryForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { categoryInput } from "../../../modules/catalog/admin-schemas";
import { renameCategory } from "../../../modules/catalog/admin-categories.server";
import { getCategory } from "../../../modules/catalog/service.server";
import { recordOr404 } from "../../lib/not-found.server";
import { editAction } from "./admin-action.server";
import type { Route } from "./+types/editcategory";

export const meta = () => [{ title: "Edit Category | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { category: await recordOr404(params.id, (id) => getCategory(db, id), "Category not found") };
}

export const action = (args: Route.ActionArgs) =>
  editAction(args, "Category", categoryInput, ({ db }, id, data) => renameCategory(db, id, data), "/categorytable");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <div className="grid max-w-2xl gap-5">
      <PageHeader title="Edit Category" />
      <CategoryForm category={category} answer={actionData} />
      <ImagePanel url={`/api/categories/${category.id}`} imageUrl={category.imageUrl} alt={category.name} />
    </div>
  );
}
