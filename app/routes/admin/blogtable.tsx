import { AdminList, EditDelete, ListScreen } from "../../components/admin/admin-list";
import { CreateLink, cut, Thumb } from "../../components/admin/table-parts";
import { adminPostListQuery } from "../../../modules/content/admin-schemas";
import { deletePost, searchPosts } from "../../../modules/content/admin.server";
import { deleteRowAction } from "./admin-action.server";
import { loadAdminList } from "./admin-list.server";
import type { Route } from "./+types/blogtable";

export const meta = () => [{ title: "Blog Posts | Alafia admin" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadAdminList(args, adminPostListQuery, ["q", "page"], searchPosts);
  // docs/product.md §9: blog columns are cut to 16 characters; only that goes to the page
  return {
    ...list,
    items: list.items.map((p) => ({ id: p.id, imageUrl: p.imageUrl, title: p.title, heading: p.heading, text: p.text.slice(0, 40) })),
  };
}

/** A row's Delete. */
export const action = (args: Route.ActionArgs) => deleteRowAction(args, ({ db, storage }, id) => deletePost(db, storage, id));

type Row = Route.ComponentProps["loaderData"]["items"][number];

export default function BlogTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <ListScreen
      title="Blog Posts"
      action={<CreateLink to="/createpost" label="Create Blog" />}
      filters={{ placeholder: "Search by title or heading...", q: query.q, clearTo: "/blogtable" }}
      paging={{ page: query.page, pageSize: query.pageSize, total }}
    >
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
    </ListScreen>
  );
}
