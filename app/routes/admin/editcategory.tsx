import { ImagePanel } from "../../components/admin/image-panel";
import { CategoryForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { getCategory } from "../../../modules/catalog/service.server";
import { recordOr404 } from "../../lib/not-found.server";
import type { Route } from "./+types/editcategory";

export const meta = () => [{ title: "Edit Category | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { category: await recordOr404(params.id, (id) => getCategory(db, id), "Category not found") };
}

export default function EditCategory({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <div className="grid max-w-2xl gap-5">
      <PageHeader title="Edit Category" />
      <CategoryForm category={category} />
      <ImagePanel url={`/api/categories/${category.id}`} imageUrl={category.imageUrl} alt={category.name} />
    </div>
  );
}
