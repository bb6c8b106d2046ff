import { toastOnRedirect } from "../../components/admin/admin-form";
import { CategoryForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import { categoryInput } from "../../../modules/catalog/admin-schemas";
import { createCategory } from "../../../modules/catalog/admin-categories.server";
import { createAction } from "./admin-action.server";
import type { Route } from "./+types/createcategory";

export const meta = () => [{ title: "Create Category | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export const action = (args: Route.ActionArgs) =>
  createAction(args, categoryInput, ({ db, storage }, data, image) => createCategory(db, storage, data, image), "/categorytable");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function CreateCategory({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Create Category" />
      <CategoryForm answer={actionData} />
    </div>
  );
}
