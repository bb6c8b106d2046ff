import { toastOnRedirect } from "../../components/admin/admin-form";
import { PostForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import { postInput } from "../../../modules/content/admin-schemas";
import { createPost } from "../../../modules/content/admin.server";
import { createAction } from "./admin-action.server";
import type { Route } from "./+types/createpost";

export const meta = () => [{ title: "Create Blog Post | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export const action = (args: Route.ActionArgs) =>
  createAction(args, postInput, ({ db, storage }, data, image) => createPost(db, storage, data, image), "/blogtable");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function CreatePost({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create Blog Post" />
      <PostForm answer={actionData} />
    </div>
  );
}
