import { AdminList, EditDelete, ListScreen } from "../../components/admin/admin-list";
import { CreateLink, cut, Thumb } from "../../components/admin/table-parts";
import { formatNairaAmount } from "../../../lib/money";
import { adminProductListQuery } from "../../../modules/catalog/admin-schemas";
import { deleteProduct, listAdminProducts } from "../../../modules/catalog/admin-products.server";
import { withWaitingCounts } from "../../../modules/marketing/back-in-stock.server";
import { deleteRowAction } from "./admin-action.server";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/producttable";

export const meta = () => [{ title: "Products | Alafia admin" }];

export const loader = (args: Route.LoaderArgs) =>
  loadAdminList(args, adminProductListQuery, ["q", "from", "to", "page"], async (db, query) => {
    const list = await listAdminProducts(db, query);
    // docs/product.md "Back in stock": which sold-out products shoppers are waiting for
    return { ...list, items: await withWaitingCounts(db, list.items) };
  });

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deleteProduct(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function ProductTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <ListScreen
      title="Products"
      action={<CreateLink to="/createproduct" label="Create Product" />}
      filters={{
        placeholder: "Search by title or category...",
        q: query.q,
        from: query.from,
        to: query.to,
        dates: true,
        clearTo: "/producttable",
      }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
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
          { label: "Stock", cell: (p) => `${p.stock ?? "Not tracked"}${p.waiting ? ` · ${p.waiting} waiting` : ""}` },
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
    </ListScreen>
  );
}
