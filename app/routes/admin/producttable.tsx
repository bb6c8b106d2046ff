import { AdminList, EditDelete, ListScreen } from "../../components/admin/admin-list";
import { CreateLink, cut, Thumb } from "../../components/admin/table-parts";
import { formatNairaAmount } from "../../../lib/money";
import { adminProductListQuery } from "../../../modules/catalog/admin-schemas";
import { deleteProduct, listAdminProducts } from "../../../modules/catalog/admin-products.server";
import { withWaitingCounts } from "../../../modules/marketing/back-in-stock.server";
import { withWishCounts } from "../../../modules/wish-lists/service.server";
import { deleteRowAction } from "./admin-action.server";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/producttable";

export const meta = () => [{ title: "Products | Alafia admin" }];

export const loader = (args: Route.LoaderArgs) =>
  loadAdminList(args, adminProductListQuery, ["q", "from", "to", "page"], async (db, query) => {
    const list = await listAdminProducts(db, query);
    // docs/product.md "Back in stock" and "Wish lists": which sold-out products shoppers are waiting
    // for, and what they would love
    return { ...list, items: await withWishCounts(db, await withWaitingCounts(db, list.items)) };
  });

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deleteProduct(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

/** "0 · 2 waiting · on 5 wish lists": the stock, then who waits for it to come back and whose lists hold it. */
const stockWords = (p: Row) =>
  [
    p.stock ?? "Not tracked",
    p.waiting ? `${p.waiting} waiting` : null,
    p.wished ? `on ${p.wished} wish ${p.wished === 1 ? "list" : "lists"}` : null,
  ]
    .filter((part) => part !== null)
    .join(" · ");

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
          { label: "Stock", cell: stockWords },
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
