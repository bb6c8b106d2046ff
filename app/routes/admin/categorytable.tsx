import { AdminList, EditDelete, ListScreen } from "../../components/admin/admin-list";
import { CreateLink, Thumb } from "../../components/admin/table-parts";
import { adminCategoryListQuery } from "../../../modules/catalog/admin-schemas";
import { deleteCategory, searchCategories } from "../../../modules/catalog/admin-categories.server";
import { deleteRowAction } from "./admin-action.server";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/categorytable";

export const meta = () => [{ title: "Categories | Alafia admin" }];

export const loader = (args: Route.LoaderArgs) => loadAdminList(args, adminCategoryListQuery, ["q", "page"], searchCategories);

/** A row's Delete (refused while the category still has products). */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deleteCategory(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function CategoryTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <ListScreen
      title="Categories"
      action={<CreateLink to="/createcategory" label="Create Category" />}
      filters={{ placeholder: "Search categories...", q: query.q, clearTo: "/categorytable" }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
      <AdminList<Row>
        caption="Categories"
        rows={items}
        empty="No categories found"
        columns={[
          { label: "Image", cell: (c) => <Thumb url={c.imageUrl} alt={c.name} /> },
          { label: "Name", cell: (c) => c.name, className: "font-semibold" },
          { label: "Products", cell: (c) => c.productCount },
        ]}
        actions={(c) => (
          <EditDelete
            id={c.id}
            name={c.name}
            editTo={`/editcategory/${c.id}`}
            confirmText={
              c.productCount > 0
                ? `"${c.name}" still has ${c.productCount} products, so it cannot be deleted yet. Try anyway?`
                : `Are you sure you want to delete "${c.name}"?`
            }
          />
        )}
      />
    </ListScreen>
  );
}
