import { toastOnRedirect } from "../../components/admin/admin-form";
import { LgaForm } from "../../components/admin/lga-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import { getDeliveryRateAdmin, updateDeliveryRate } from "../../../modules/delivery/admin.server";
import { recordOr404 } from "../../lib/not-found.server";
import { editAction } from "./admin-action.server";
import type { Route } from "./+types/editlga";

export const meta = () => [{ title: "Edit LGA | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { rate: await recordOr404(params.id, (id) => getDeliveryRateAdmin(db, id), "Delivery rate not found") };
}

export const action = (args: Route.ActionArgs) =>
  editAction(args, "Delivery rate", deliveryRateInput, ({ db }, id, data) => updateDeliveryRate(db, id, data), "/lga");

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("LGA updated", args);

export default function EditLga({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Edit LGA" />
      <LgaForm rate={loaderData.rate} answer={actionData} />
    </>
  );
}
