import { ImagePanel } from "../../components/admin/image-panel";
import { PostForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { getAdminPost } from "../../../modules/content/admin.server";
import { recordOr404 } from "../../lib/not-found.server";
import type { Route } from "./+types/editblog";

export const meta = () => [{ title: "Edit Blog Post | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { post: await recordOr404(params.id, (id) => getAdminPost(db, id), "Blog post not found") };
}

export default function EditBlog({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader title="Edit Blog Post" />
      <PostForm post={post} />
      <ImagePanel url={`/api/posts/${post.id}`} imageUrl={post.imageUrl} alt={post.title} />
    </div>
  );
}
