import { LgaForm } from "../../components/admin/lga-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { getDeliveryRateAdmin } from "../../../modules/delivery/admin.server";
import { recordOr404 } from "../../lib/not-found.server";
import type { Route } from "./+types/editlga";

export const meta = () => [{ title: "Edit LGA | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { rate: await recordOr404(params.id, (id) => getDeliveryRateAdmin(db, id), "Delivery rate not found") };
}

export default function EditLga({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Edit LGA" />
      <LgaForm rate={loaderData.rate} />
    </>
  );
}
