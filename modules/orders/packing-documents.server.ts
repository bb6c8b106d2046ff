import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { koboToNaira } from "../../lib/money";
import { formatNigerianPhone } from "../../lib/phone";
import { getSettings } from "../settings/service.server";
import { senderFor } from "./gift-rules";
import { deliveryDateLine } from "./mails.server";
import { unitPrice } from "../pricing/price-order";
import { orderNumber } from "./statuses";
import { codeOn } from "./views.server";
import type { PackingDocument, PackingLine } from "./types";
import { preorderWords } from "../stock/preorder";

// The papers that travel in the parcel (docs/product.md "Gift orders"): the packing slip and, for
// a gift, the gift receipt. The recipient reads both, so a gift's papers name the sender as the
// buyer chose (anonymous: nobody), and with 'hide prices' they carry no price at all: the prices
// are left out of the data, not hidden by the page.

/** The packing slip's and gift receipt's data of one order, prices left out when the buyer asked. */
export async function packingDocument(db: Db, id: string): Promise<PackingDocument> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw AppError.notFound("Purchase");
  const [items, shop] = await Promise.all([
    db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, id)).orderBy(asc(purchaseItems.title)),
    getSettings(db),
  ]);
  const priced = !(p.isGift && p.hidePrices);
  const codeOffGoods = codeOn(p) === "goods" ? p.codeDiscountKobo : 0;
  return {
    id: p.id,
    number: orderNumber(p.id),
    placedAt: p.createdAt.toISOString(),
    shop: { name: shop.shopName, email: shop.contactEmail, phone: shop.contactPhone, address: shop.contactAddress },
    isGift: p.isGift,
    from: p.isGift ? senderFor(p) : null,
    shipTo: {
      name: p.isGift ? (p.recipientName ?? "") : `${p.firstName} ${p.lastName}`.trim(),
      phone: formatNigerianPhone(p.isGift && p.recipientPhone ? p.recipientPhone : p.phone),
      address: p.address,
      area: p.lga,
    },
    message: p.isGift ? p.giftMessage : null,
    note: p.orderNote,
    surpriseMode: p.isGift && p.surpriseMode,
    deliveryMethod: p.deliveryMethod,
    deliveryDay: deliveryDateLine(p),
    lines: items.map((i) => {
      const details = [i.size, i.color, i.shipsFrom ? preorderWords(i.shipsFrom) : null].filter(Boolean).join(", ");
      const line: PackingLine = { title: i.title, details, quantity: i.quantity };
      if (priced) {
        line.unitPrice = koboToNaira(unitPrice({ price: i.priceKobo, discount: i.discountKobo }));
        line.total = koboToNaira(i.totalPriceKobo);
      }
      return line;
    }),
    totals: priced
      ? {
          subtotal: koboToNaira(p.subtotalKobo),
          code: koboToNaira(codeOffGoods),
          vat: koboToNaira(p.vatKobo),
          delivery: koboToNaira(p.deliveryKobo),
          dateFee: koboToNaira(p.deliverySlotFeeKobo),
          total: koboToNaira(p.totalKobo),
        }
      : null,
  };
}
