import { BlogCard } from "../../components/blog/blog-card";
import { Pagination } from "../../components/pagination";
import { appContext } from "../../context";
import { readSearchParams } from "../../lib/search-params.server";
import { forBlogCard } from "../../lib/card-data";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { pageQuery } from "../../../modules/catalog/schemas";
import { listPosts } from "../../../modules/content/posts.server";
import type { Route } from "./+types/blogs";

const PAGE_SIZE = 9;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "The Alafia journal: self-care notes",
    description: "Gentle, practical self-care for busy Lagos women: gratitude journaling, rest, boundaries, calm in traffic and more.",
    url: data ? `${data.origin}/blogs${data.page > 1 ? `?page=${data.page}` : ""}` : undefined,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const paging = readSearchParams(request, pageQuery, ["page"], { pageSize: PAGE_SIZE });
  const { items, total } = await listPosts(db, paging);
  return { posts: items.map(forBlogCard), total, page: paging.page, origin: publicOrigin(context.get(appContext).env) };
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { posts, total, page } = loaderData;
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-3xl sm:text-4xl">The Alafia journal</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Gentle, practical notes on rest, gratitude and boundaries, written for women who carry a lot.
      </p>
      {posts.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-line bg-linen p-10 text-center text-muted">No posts yet.</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, i) => (
            <li key={post.id}>
              <BlogCard post={post} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(n) => (n > 1 ? `/blogs?page=${n}` : "/blogs")} />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
