import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { actionsTd, AdminTable, PageHeader, TableFooter, td, th, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { adminCategoryListQuery } from "../../../modules/catalog/admin-schemas";
import { searchCategories } from "../../../modules/catalog/admin-categories.server";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/categorytable";

export const meta = () => [{ title: "Categories | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, adminCategoryListQuery, ["q", "page"]);
  const { items, total } = await searchCategories(context.get(appContext).db, query);
  redirectPastLastPage(request, query, total);
  return { items, total, query };
}

export default function CategoryTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Categories">
        <Link to="/createcategory" className="btn-primary min-h-10 py-2">
          <Plus size={16} aria-hidden="true" /> Create Category
        </Link>
      </PageHeader>
      <ListFilters placeholder="Search categories..." q={query.q} clearTo="/categorytable" />
      <AdminTable caption="Categories">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>Image</th>
            <th className={th}>Name</th>
            <th className={th}>Products</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={4} className={`${td} py-8 text-center text-muted`}>
                No categories found
              </td>
            </tr>
          ) : (
            items.map((c) => (
              <tr key={c.id} className="border-b border-line last:border-0">
                <td className={td} data-label="Image">
                  <Thumb url={c.imageUrl} alt={c.name} />
                </td>
                <td className={`${td} font-semibold`} data-label="Name">
                  {c.name}
                </td>
                <td className={td} data-label="Products">
                  {c.productCount}
                </td>
                <td className={actionsTd}>
                  <Link
                    to={`/editcategory/${c.id}`}
                    aria-label={`Edit ${c.name}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-sage hover:bg-sage-soft"
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </Link>
                  <DeleteButton
                    url={`/api/categories/${c.id}`}
                    label={`Delete ${c.name}`}
                    confirmText={
                      c.productCount > 0
                        ? `"${c.name}" still has ${c.productCount} products, so it cannot be deleted yet. Try anyway?`
                        : `Are you sure you want to delete "${c.name}"?`
                    }
                  />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}
