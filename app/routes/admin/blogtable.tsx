import { AdminList, EditDelete } from "../../components/admin/admin-list";
import { ListFilters } from "../../components/admin/filters";
import { CreateLink, cut, PageHeader, TableFooter, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { adminPostListQuery } from "../../../modules/content/admin-schemas";
import { deletePost, searchPosts } from "../../../modules/content/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
import { deleteRowAction } from "./admin-action.server";
import { redirectPastLastPage } from "./list-query.server";
import type { Route } from "./+types/blogtable";

export const meta = () => [{ title: "Blog Posts | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const query = readSearchParams(request, adminPostListQuery, ["q", "page"]);
  const { items, total } = await searchPosts(context.get(appContext).db, query);
  redirectPastLastPage(request, query, total);
  // docs/product.md §9: blog columns are cut to 16 characters; only that goes to the page
  return {
    items: items.map((p) => ({ id: p.id, imageUrl: p.imageUrl, title: p.title, heading: p.heading, text: p.text.slice(0, 40) })),
    total,
    query,
  };
}

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deletePost(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function BlogTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Blog Posts">
        <CreateLink to="/createpost" label="Create Blog" />
      </PageHeader>
      <ListFilters placeholder="Search by title or heading..." q={query.q} clearTo="/blogtable" />
      <AdminList<Row>
        caption="Blog posts"
        rows={items}
        empty="No blog posts found"
        columns={[
          { label: "Image", cell: (p) => <Thumb url={p.imageUrl} alt={p.title} /> },
          { label: "Title", cell: (p) => cut(p.title, 16), className: "font-semibold", title: (p) => p.title },
          { label: "Heading", cell: (p) => cut(p.heading, 16), title: (p) => p.heading },
          { label: "Text", cell: (p) => cut(p.text, 16), className: "text-muted" },
        ]}
        actions={(p) => (
          <EditDelete id={p.id} name={p.title} editTo={`/editblog/${p.id}`} confirmText={`Are you sure you want to delete "${p.title}"?`} />
        )}
      />
      <TableFooter page={query.page} pageSize={query.pageSize} total={total} />
    </>
  );
}
