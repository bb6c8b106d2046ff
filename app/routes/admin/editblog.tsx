import { toastOnRedirect } from "../../components/admin/admin-form";
import { ImagePanel } from "../../components/admin/image-panel";
import { PostForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { postInput } from "../../../modules/content/admin-schemas";
import { getAdminPost, updatePost } from "../../../modules/content/admin.server";
import { recordOr404 } from "../../lib/not-found.server";
import { editAction } from "./admin-action.server";
import type { Route } from "./+types/editblog";

export const meta = () => [{ title: "Edit Blog Post | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { post: await recordOr404(params.id, (id) => getAdminPost(db, id), "Blog post not found") };
}

export const action = (args: Route.ActionArgs) =>
  editAction(args, "Blog post", postInput, ({ db }, id, data) => updatePost(db, id, data), "/blogtable");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function EditBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader title="Edit Blog Post" />
      <PostForm post={post} answer={actionData} />
      <ImagePanel url={`/api/posts/${post.id}`} imageUrl={post.imageUrl} alt={post.title} />
    </div>
  );
}
