import { PostForm } from "../../components/admin/simple-forms";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import type { Route } from "./+types/createpost";

export const meta = () => [{ title: "Create Blog Post | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export default function CreatePost() {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create Blog Post" />
      <PostForm />
    </div>
  );
}
