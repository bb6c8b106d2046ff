import { redirect } from "react-router";
import { toastOnRedirect } from "../../components/admin/admin-form";
import { CategoryForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { formImage, parseForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { categoryInput } from "../../../modules/catalog/admin-schemas";
import { createCategory } from "../../../modules/catalog/admin.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/createcategory";

export const meta = () => [{ title: "Create Category | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, storage }) => {
    const { data, form } = await parseForm(args.request, categoryInput);
    await createCategory(db, storage, data, await formImage(form));
    return redirect("/categorytable");
  });
}

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function CreateCategory({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Create Category" />
      <CategoryForm answer={actionData} />
    </div>
  );
}
