import { redirect } from "react-router";
import { toastOnRedirect } from "../../components/admin/admin-form";
import { LgaForm } from "../../components/admin/lga-form";
import { PageHeader } from "../../components/admin/table-parts";
import { parseForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import { createDeliveryRate } from "../../../modules/delivery/admin.server";
import { adminAction } from "./admin-action.server";
import type { Route } from "./+types/createlga";

export const meta = () => [{ title: "Add New LGA | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db }) => {
    await createDeliveryRate(db, (await parseForm(args.request, deliveryRateInput)).data);
    return redirect("/lga");
  });
}

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("LGA created", args);

export default function CreateLga({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Add New LGA" />
      <LgaForm answer={actionData} />
    </>
  );
}
