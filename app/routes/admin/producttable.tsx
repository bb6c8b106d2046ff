import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { actionsTd, AdminTable, cut, PageHeader, TableFooter, td, th, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { adminProductListQuery } from "../../../modules/catalog/admin-schemas";
import { listAdminProducts } from "../../../modules/catalog/admin-products.server";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/producttable";

export const meta = () => [{ title: "Products | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const query = readSearchParams(request, adminProductListQuery, ["q", "from", "to", "page"]);
  const { items, total } = await listAdminProducts(db, query);
  redirectPastLastPage(request, query, total);
  return { items, total, query };
}

export default function ProductTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Products">
        <Link to="/createproduct" className="btn-primary min-h-10 py-2">
          <Plus size={16} aria-hidden="true" /> Create Product
        </Link>
      </PageHeader>
      <ListFilters placeholder="Search by title or category..." q={query.q} from={query.from} to={query.to} dates clearTo="/producttable" />
      <AdminTable caption="Products">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>Image</th>
            <th className={th}>Title</th>
            <th className={th}>Price(₦)</th>
            <th className={th}>Discount(₦)</th>
            <th className={th}>Category</th>
            <th className={th}>Stock</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={7} className={`${td} py-8 text-center text-muted`}>
                No products found
              </td>
            </tr>
          ) : (
            items.map((p) => (
              <tr key={p.id} className="border-b border-line last:border-0">
                <td className={td} data-label="Image">
                  <Thumb url={p.imageUrl} alt={p.title} />
                </td>
                <td className={`${td} font-semibold`} data-label="Title" title={p.title}>
                  {/* docs/product.md §9: the admin title preview is 7 characters plus '...' */}
                  {`${p.title.slice(0, 7)}...`}
                </td>
                <td className={td} data-label="Price(₦)">
                  {formatNairaAmount(p.price)}
                </td>
                <td className={td} data-label="Discount(₦)">
                  {p.discount > 0 ? formatNairaAmount(p.discount) : "none"}
                </td>
                <td className={td} data-label="Category" title={p.categoryName}>
                  {cut(p.categoryName, 6, false)}
                </td>
                <td className={td} data-label="Stock">
                  {p.stock ?? "Not tracked"}
                </td>
                <td className={actionsTd}>
                  <Link
                    to={`/editproduct/${p.id}`}
                    aria-label={`Edit ${p.title}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-sage hover:bg-sage-soft"
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </Link>
                  <DeleteButton
                    url={`/api/products/${p.id}`}
                    label={`Delete ${p.title}`}
                    confirmText={`Are you sure you want to delete "${p.title}"?`}
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
