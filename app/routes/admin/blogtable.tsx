import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "../../components/admin/delete-button";
import { ListFilters } from "../../components/admin/filters";
import { actionsTd, AdminTable, cut, PageHeader, TableFooter, td, th, Thumb } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { adminPostListQuery } from "../../../modules/content/admin-schemas";
import { searchPosts } from "../../../modules/content/admin.server";
import { readSearchParams } from "../../lib/search-params.server";
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

export default function BlogTable({ loaderData }: Route.ComponentProps) {
  const { items, total, query } = loaderData;
  return (
    <>
      <PageHeader title="Blog Posts">
        <Link to="/createpost" className="btn-primary min-h-10 py-2">
          <Plus size={16} aria-hidden="true" /> Create Blog
        </Link>
      </PageHeader>
      <ListFilters placeholder="Search by title or heading..." q={query.q} clearTo="/blogtable" />
      <AdminTable caption="Blog posts">
        <thead className="border-b border-line bg-sand/60">
          <tr>
            <th className={th}>Image</th>
            <th className={th}>Title</th>
            <th className={th}>Heading</th>
            <th className={th}>Text</th>
            <th className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={5} className={`${td} py-8 text-center text-muted`}>
                No blog posts found
              </td>
            </tr>
          ) : (
            items.map((p) => (
              <tr key={p.id} className="border-b border-line last:border-0">
                <td className={td} data-label="Image">
                  <Thumb url={p.imageUrl} alt={p.title} />
                </td>
                <td className={`${td} font-semibold`} data-label="Title" title={p.title}>
                  {cut(p.title, 16)}
                </td>
                <td className={td} data-label="Heading" title={p.heading}>
                  {cut(p.heading, 16)}
                </td>
                <td className={`${td} text-muted`} data-label="Text">
                  {cut(p.text, 16)}
                </td>
                <td className={actionsTd}>
                  <Link
                    to={`/editblog/${p.id}`}
                    aria-label={`Edit ${p.title}`}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-sage hover:bg-sage-soft"
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </Link>
                  <DeleteButton
                    url={`/api/posts/${p.id}`}
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
