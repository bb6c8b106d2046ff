import { toastOnRedirect } from "../../components/admin/admin-form";
import { LgaForm } from "../../components/admin/lga-form";
import { PageHeader } from "../../components/admin/table-parts";
import { requireAdminPage } from "../../lib/guards.server";
import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import { createDeliveryRate } from "../../../modules/delivery/admin.server";
import { createAction } from "./admin-action.server";
import type { Route } from "./+types/createlga";

export const meta = () => [{ title: "Add New LGA | Alafia admin" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export const action = (args: Route.ActionArgs) =>
  createAction(args, deliveryRateInput, ({ db }, data) => createDeliveryRate(db, data), "/lga");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("LGA created", args);

export default function CreateLga({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Add New LGA" />
      <LgaForm answer={actionData} />
    </>
  );
}
