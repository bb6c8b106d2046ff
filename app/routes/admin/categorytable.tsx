import { AdminList, EditDelete } from "../../components/admin/admin-list";
import { ListFilters } from "../../components/admin/filters";
import { CreateLink, PageHeader, TableFooter, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { adminCategoryListQuery } from "../../../modules/catalog/admin-schemas";
import { deleteCategory, searchCategories } from "../../../modules/catalog/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
import { deleteRowAction } from "./admin-action.server";
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

/** A row's Delete (refused while the category still has products). */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deleteCategory(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function CategoryTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Categories">
        <CreateLink to="/createcategory" label="Create Category" />
      </PageHeader>
      <ListFilters placeholder="Search categories..." q={query.q} clearTo="/categorytable" />
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
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}
