import { AdminList, EditDelete } from "../../components/admin/admin-list";
import { ListFilters } from "../../components/admin/filters";
import { CreateLink, cut, PageHeader, TableFooter, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { formatNairaAmount } from "../../../lib/money";
import { adminProductListQuery } from "../../../modules/catalog/admin-schemas";
import { deleteProduct, listAdminProducts } from "../../../modules/catalog/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
import { deleteRowAction } from "./admin-action.server";
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

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deleteProduct(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function ProductTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Products">
        <CreateLink to="/createproduct" label="Create Product" />
      </PageHeader>
      <ListFilters placeholder="Search by title or category..." q={query.q} from={query.from} to={query.to} dates clearTo="/producttable" />
      <AdminList<Row>
        caption="Products"
        rows={items}
        empty="No products found"
        columns={[
          { label: "Image", cell: (p) => <Thumb url={p.imageUrl} alt={p.title} /> },
          // docs/product.md §9: the admin title preview is 7 characters plus '...'
          { label: "Title", cell: (p) => `${p.title.slice(0, 7)}...`, className: "font-semibold", title: (p) => p.title },
          { label: "Price(₦)", cell: (p) => formatNairaAmount(p.price) },
          { label: "Discount(₦)", cell: (p) => (p.discount > 0 ? formatNairaAmount(p.discount) : "none") },
          { label: "Category", cell: (p) => cut(p.categoryName, 6, false), title: (p) => p.categoryName },
          { label: "Stock", cell: (p) => p.stock ?? "Not tracked" },
        ]}
        actions={(p) => (
          <EditDelete
            id={p.id}
            name={p.title}
            editTo={`/editproduct/${p.id}`}
            confirmText={`Are you sure you want to delete "${p.title}"?`}
          />
        )}
      />
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}
