import { redirect } from "react-router";
import { toastOnRedirect } from "../../components/admin/admin-form";
import { PostForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { formImage, parseForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { postInput } from "../../../modules/content/admin-schemas";
import { createPost } from "../../../modules/content/admin.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/createpost";

export const meta = () => [{ title: "Create Blog Post | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, storage }) => {
    const { data, form } = await parseForm(args.request, postInput);
    await createPost(db, storage, data, await formImage(form));
    return redirect("/blogtable");
  });
}

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Saved", args);

export default function CreatePost({ actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create Blog Post" />
      <PostForm answer={actionData} />
    </div>
  );
}
