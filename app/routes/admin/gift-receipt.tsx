import { data } from "react-router";
import { GiftReceipt } from "../../components/admin/packing-papers";
import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { packingDocument } from "../../../modules/orders/packing-documents.server";
import type { Route } from "./+types/gift-receipt";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Gift receipt #${data?.doc.number ?? ""} | Alafia admin` }];

/** A gift's receipt, to print and put in the parcel (docs/product.md "Gift orders"); an order that is not a gift has none. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const doc = await recordOr404(params.id, (id) => packingDocument(db, id), "Purchase not found");
  if (!doc.isGift) throw data("Purchase not found", { status: 404 });
  return { doc };
}

export default function GiftReceiptPage({ loaderData }: Route.ComponentProps) {
  return <GiftReceipt doc={loaderData.doc} />;
}
