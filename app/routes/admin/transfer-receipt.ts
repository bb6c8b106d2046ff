import { appContext } from "../../context";
import { requireAdminPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { latestReceipt } from "../../../modules/orders/transfer-receipts.server";
import type { Route } from "./+types/transfer-receipt";

/**
 * /transferreceipt/{order id}: the picture of her transfer receipt sent with the order's latest "I
 * have sent it" (docs/product.md "Paying"), for the team only (a resource route, no UI). Never kept
 * by a browser or a cache: it shows her name and account.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { db } = context.get(appContext);
  const image = await recordOr404(params.id, (id) => latestReceipt(db, id), "No picture of a receipt for this order");
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "Content-Disposition": `inline; filename="receipt-${params.id.slice(0, 8)}.webp"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
