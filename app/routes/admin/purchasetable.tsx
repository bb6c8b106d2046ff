import { Download, Eye } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { StatusBadge } from "../../components/admin/status-badge";
import { actionsTd, AdminTable, PageHeader, TableFooter, td, th } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { adminPurchaseListQuery } from "../../../modules/orders/admin-schemas";
import { listAdminPurchases } from "../../../modules/orders/admin-list.server";
import { readSearchParams } from "../../lib/search-params.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/purchasetable";

export const meta = () => [{ title: "Purchases | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, adminPurchaseListQuery, ["q", "from", "to", "status", "page", "sort"]);
  const { items, total } = await listAdminPurchases(context.get(appContext).db, query);
  redirectPastLastPage(request, query, total);
  return { items, total, query };
}

export default function PurchaseTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  const [params] = useSearchParams();
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  return (
    <>
      <PageHeader title="Purchases">
        <a href={`/api/purchases/export.csv?${exportParams.toString()}`} className="btn-outline min-h-10 py-2" download>
          <Download size={16} aria-hidden="true" /> Export CSV
        </a>
      </PageHeader>
      <ListFilters
        placeholder="Search by name, email or status..."
        q={query.q}
        from={query.from}
        to={query.to}
        dates
        clearTo="/purchasetable"
        keep={["status", "sort"]}
      />
      <AdminTable caption="Purchases">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>First Name</th>
            <th className={th}>Email</th>
            <th className={th}>Discount</th>
            <th className={th}>Total Amount</th>
            <th className={th}>Status</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={6} className={`${td} py-8 text-center text-muted`}>
                No purchases found
              </td>
            </tr>
          ) : (
            items.map((p) => (
              <tr key={p.id} className="border-b border-line last:border-0">
                <td className={`${td} font-semibold`} data-label="First Name">
                  {p.fname}
                </td>
                <td className={`${td} whitespace-nowrap`} data-label="Email">
                  {p.email}
                </td>
                <td className={td} data-label="Discount">
                  {p.discount ? "Discounted" : "None"}
                </td>
                <td className={`${td} whitespace-nowrap`} data-label="Total Amount">
                  {formatNairaAmount(p.totalAmount)}
                </td>
                <td className={td} data-label="Status">
                  <StatusBadge status={p.status} />
                </td>
                <td className={actionsTd}>
                  <Link
                    to={`/viewpurchase/${p.id}`}
                    className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-sage hover:bg-sage-soft"
                  >
                    <Eye size={16} aria-hidden="true" /> View
                  </Link>
                  <DeleteButton
                    url={`/api/purchases/${p.id}`}
                    label={`Delete the order of ${p.fname}`}
                    confirmText="Are you sure you want to delete this purchase?"
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
