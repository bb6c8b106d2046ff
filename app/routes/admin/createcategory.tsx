import { CategoryForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import type { Route } from "./+types/createcategory";

export const meta = () => [{ title: "Create Category | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export default function CreateCategory() {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Create Category" />
      <CategoryForm />
    </div>
  );
}
