import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchases } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import { koboToNaira } from "../../lib/money";
import { paymentProvider } from "../payments/provider.server";
import { purchaseIdOf, verifyAndComplete } from "./completion.server";
import { checkPayLink } from "./order-links.server";
import { isPaidOrder, orderNumber, leftToPayKobo } from "./statuses";

// 'Ask someone to pay' (docs/product.md "Paying"): whoever holds the link pays the order; they see
// what is bought and the total, never the delivery address or the buyer's contact.

type LinkEnv = Env;

/** What the payer sees. */
export type PayLinkView = {
  id: string;
  number: string;
  firstName: string;
  status: string;
  paid: boolean;
  total: number;
  /** what the payer pays: the total, less a part payment already made (docs/product.md "Part payments") */
  leftToPay: number;
  deposit: number;
  items: { productId: string; title: string; quantity: number; totalPrice: number }[];
};

async function view(db: Db, row: typeof purchases.$inferSelect): Promise<PayLinkView> {
  const items = await db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, row.id)).orderBy(asc(purchaseItems.title));
  return {
    id: row.id,
    number: orderNumber(row.id),
    firstName: row.firstName,
    status: row.status,
    paid: isPaidOrder(row),
    total: koboToNaira(row.totalKobo),
    leftToPay: koboToNaira(leftToPayKobo(row)),
    deposit: koboToNaira(row.depositKobo),
    items: items.map((i) => ({
      productId: i.productId ?? i.id,
      title: i.title,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
    })),
  };
}

/** The order a pay link opens: 'invalid' (not a link we made), 'expired' (shown, no longer payable) or 'valid'. */
export async function payLinkOrder(db: Db, env: Pick<LinkEnv, "SESSION_SECRET">, id: string, e: number, t: string) {
  const check = /^[0-9a-f-]{36}$/i.test(id) ? checkPayLink(env, id, e, t) : "invalid";
  if (check === "invalid") return { state: "invalid" as const, row: null, order: null };
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) return { state: "invalid" as const, row: null, order: null };
  return { state: check, row, order: await view(db, row) };
}

/** Back from the payment page: the provider is asked about this attempt (one of this order's), and the order completes once. */
export async function completionOf(db: Db, env: LinkEnv, purchaseId: string, reference: string) {
  if ((await purchaseIdOf(db, reference)) !== purchaseId) return null;
  const result = await verifyAndComplete(db, paymentProvider(env, db), reference, { links: env });
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return { order: await view(db, row!), paymentStatus: result.paymentStatus };
}
