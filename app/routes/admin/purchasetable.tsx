import { Download, Eye } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { StatusBadge } from "../../components/admin/status-badge";
import { AdminList } from "../../components/admin/admin-list";
import { PageHeader, TableFooter } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { adminPurchaseListQuery } from "../../../modules/orders/admin-schemas";
import { listAdminPurchases } from "../../../modules/orders/admin-list.server";
import { readSearchParams } from "../../lib/search-params.server";
import { deletePurchase } from "../../../modules/orders/admin.server";
import { deleteRowAction } from "./admin-action.server";
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

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db }, id) => deletePurchase(db, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

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
      <AdminList<Row>
        caption="Purchases"
        rows={items}
        empty="No purchases found"
        columns={[
          { label: "First Name", cell: (p) => p.firstName, className: "font-semibold" },
          { label: "Email", cell: (p) => p.email, className: "whitespace-nowrap" },
          { label: "Discount", cell: (p) => (p.discount ? "Discounted" : "None") },
          { label: "Total Amount", cell: (p) => formatNairaAmount(p.totalAmount), className: "whitespace-nowrap" },
          { label: "Status", cell: (p) => <StatusBadge status={p.status} /> },
        ]}
        actions={(p) => (
          <>
            <Link
              to={`/viewpurchase/${p.id}`}
              className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-sage hover:bg-sage-soft"
            >
              <Eye size={16} aria-hidden="true" /> View
            </Link>
            <DeleteButton
              id={p.id}
              label={`Delete the order of ${p.firstName}`}
              confirmText="Are you sure you want to delete this purchase?"
            />
          </>
        )}
      />
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}
