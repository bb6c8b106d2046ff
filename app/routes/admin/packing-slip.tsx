import { PackingSlip } from "../../components/admin/packing-papers";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { packingDocument } from "../../../modules/orders/packing-documents.server";
import type { Route } from "./+types/packing-slip";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Packing slip #${data?.doc.number ?? ""} | Alafia admin` }];

/** The order's packing slip, to print (docs/product.md "Gift orders"): outside the back office's layout, so only the sheet prints. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  return { doc: await recordOr404(params.id, (id) => packingDocument(db, id), "Purchase not found") };
}

export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  return <PackingSlip doc={loaderData.doc} />;
}
