import { LgaForm } from "../../components/admin/lga-form";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import type { Route } from "./+types/createlga";

export const meta = () => [{ title: "Add New LGA | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export default function CreateLga() {
  return (
    <>
      <PageHeader title="Add New LGA" />
      <LgaForm />
    </>
  );
}
