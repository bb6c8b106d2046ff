import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phoneKey, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira, nairaToKobo } from "../../lib/money";
import { normalizeNigerianPhone } from "../../lib/phone";
import { isOwner } from "../accounts/roles";
import { quoteGuestCart } from "../cart/quote.server";
import { shipsFromOf } from "../cart/service.server";
import { getSettings } from "../settings/service.server";
import { resolveDeliverySlot, type ChosenSlot } from "../delivery/schedule.server";
import { cancelPurchases, shopperCancelNotes } from "./cancellation.server";
import { placeOrder, type OrderPaymentMethod } from "./checkout.server";
import { giftFieldsOf } from "./gift-schemas";
import type { MailLinks } from "./mails.server";
import { customerNotesFor } from "./customer-notes.server";
import { recordManualPayment } from "./manual-payments.server";
import { checkRestDue } from "./part-payments.server";
import { manualOrderInput, type ManualOrder, type ManualOrderInput, type SettleChoice } from "./manual-order-schemas";
import { payLinkUrl } from "./order-links.server";
import type { FoundCustomer } from "./types";

// Orders the owner records herself (docs/product.md "Manual orders"): a sale made in an Instagram
// or WhatsApp chat, at a walk-in or an event. The order is placed by the checkout's own placeOrder
// (same pricing, stock holds, code limits and mails), then settled as the owner says: the money is
// recorded through the one completion path, a payment link goes to the customer, or the rider
// collects on delivery.

/**
 * Who the owner means by a phone number or an email: accounts first, then customers known only by
 * their orders (a guest, an earlier Instagram sale), each with what her latest order says, so the
 * screen is filled in. At most five.
 */
export async function findCustomers(db: Db, lookup: string): Promise<FoundCustomer[]> {
  const text = lookup.trim();
  const email = text.includes("@") ? text.toLowerCase() : null;
  const phone = email ? null : normalizeNigerianPhone(text);
  if (!email && !phone) return [];
  const national = phone?.slice(4) ?? "";
  const [accounts, orders] = await Promise.all([
    db
      .select()
      .from(users)
      .where(email ? sql`lower(${users.email}) = ${email}` : sql`${phoneKey(users.phone)} = ${national}`)
      .limit(5),
    db
      .select({
        userId: purchases.userId,
        firstName: purchases.firstName,
        lastName: purchases.lastName,
        email: purchases.email,
        phone: purchases.phone,
        street: purchases.street,
        city: purchases.city,
        lga: purchases.lga,
      })
      .from(purchases)
      // an older order keeps the number as typed: found by its national digits too (purchases_phone_key_idx)
      .where(email ? sql`lower(${purchases.email}) = ${email}` : sql`${phoneKey(purchases.phone)} = ${national}`)
      .orderBy(desc(purchases.createdAt))
      .limit(50),
  ]);
  const found: Omit<FoundCustomer, "note">[] = accounts.map((u) => {
    const mine = orders.filter((o) => o.userId === u.id || o.email.toLowerCase() === u.email.toLowerCase());
    const last = mine[0];
    return {
      userId: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      phone: normalizeNigerianPhone(u.phone ?? "") ?? last?.phone ?? phone ?? "",
      street: last?.street || u.address || "",
      city: last?.city ?? "",
      lga: last?.lga ?? u.lga ?? null,
      orders: mine.length,
    };
  });
  // customers known by their orders only: one per email (or phone, without one), latest order first
  const seen = new Set(found.map((f) => f.email.toLowerCase()));
  for (const o of orders) {
    const key = o.email.toLowerCase() || o.phone;
    if (seen.has(key) || (o.userId && found.some((f) => f.userId === o.userId))) continue;
    seen.add(key);
    found.push({
      userId: null,
      name: `${o.firstName} ${o.lastName}`.trim(),
      email: o.email,
      // an older order's number as typed, in the one form the desk keeps
      phone: normalizeNigerianPhone(o.phone) ?? o.phone,
      street: o.street,
      city: o.city,
      lga: o.lga,
      orders: orders.filter((x) => (x.email.toLowerCase() || x.phone) === key).length,
    });
  }
  // the team's note about each (docs/product.md "Notes about a customer"), for whoever takes her order
  const shown = found.slice(0, 5);
  const notes = await customerNotesFor(db, shown.map((f) => f.phone).filter(Boolean));
  return shown.map((f) => ({ ...f, note: notes.get(f.phone) ?? null }));
}

type QuoteInput = Pick<ManualOrder, "lines" | "deliveryMethod"> & {
  lga?: string | null;
  code?: string;
  deliveryFee?: number;
  /** the delivery date and window, checked for the area (a peak day's fee, a window's surcharge) */
  slot?: ChosenSlot | null;
  /** recorded by staff: a price agreed in the chat stays within the owner's cut (docs/product.md "Manual orders") */
  staff?: boolean;
};

/**
 * What the order comes to, from the same pricing as the cart and the checkout (quoteGuestCart →
 * priceOrder), with the owner's delivery fee when she set one. Without an area, no delivery yet.
 */
export async function quoteManualOrder(db: Db, q: QuoteInput) {
  return quoteGuestCart(db, agreedLines(q.lines), q.lga || undefined, q.code, q.deliveryMethod, {
    deliveryFeeKobo: q.deliveryFee === undefined ? null : nairaToKobo(q.deliveryFee),
    slot: q.slot ?? null,
    forShop: { staffCut: q.staff ? (await getSettings(db)).staffPriceCutPercent : null },
  });
}

/** Whether the member recording an order is staff (the owner agrees any price; docs/product.md "Manual orders"). */
async function isStaff(db: Db, actorId: string) {
  const [member] = await db.select({ role: users.role }).from(users).where(eq(users.id, actorId));
  return !isOwner(member?.role);
}

/** The lines as the pricing takes them: a price agreed in the chat in kobo (docs/product.md "Manual orders"). */
const agreedLines = (lines: ManualOrder["lines"]) =>
  lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    agreedKobo: l.priceEach === undefined ? undefined : nairaToKobo(l.priceEach),
  }));

const paymentMethodOf: Record<SettleChoice, OrderPaymentMethod> = { paid: "manual", pay_link: "pay_link", pod: "pod" };

export type RecordedOrder = {
  id: string;
  totalKobo: number;
  status: string;
  /** the link the customer pays with, for an order settled by payment link */
  payLink: string | null;
};

/**
 * Places the order the owner typed, as placeOrder places a web order, then settles it. Money she
 * says has arrived must cover the total; she is told before anything is placed, and if prices moved
 * meanwhile the placed order is cancelled (its stock back) rather than left half-done.
 */
export async function recordManualOrder(
  db: Db,
  env: MailLinks & { PAYMENT_PROVIDER: "sandbox" | "paystack" },
  input: ManualOrderInput,
  actorId: string,
  now = new Date(),
): Promise<RecordedOrder> {
  const o = manualOrderInput.parse(input);
  const staff = await isStaff(db, actorId);
  // checked before the order is placed, so a typo places nothing; a part payment is less on purpose
  checkRestDue(o.restDueOn, o.settle === "paid" && o.part, now);
  if (o.settle === "paid" && o.amount !== undefined && !o.part) {
    const slot =
      o.lga && o.deliveryMethod !== "pickup"
        ? await resolveDeliverySlot(db, o.lga, o, now, await shipsFromOf(db, { productIds: o.lines.map((l) => l.productId) }, now))
        : null;
    const { summary } = await quoteManualOrder(db, { ...o, slot, staff });
    if (nairaToKobo(o.amount) < nairaToKobo(summary.total))
      throw new AppError(
        "invalid",
        `${formatNaira(nairaToKobo(o.amount))} is less than the order total, ${formatNaira(nairaToKobo(summary.total))}.`,
        {
          fields: { amount: `The order total is ${formatNaira(nairaToKobo(summary.total))}` },
        },
      );
  }
  const customer = o.customerId ? await accountOf(db, o.customerId) : null;
  const { row } = await placeOrder(
    db,
    {
      kind: "shop",
      userId: customer?.id ?? null,
      name: o.name,
      email: o.email ?? customer?.email ?? "",
      lines: agreedLines(o.lines),
      source: o.source,
      actorId,
      staff,
      deliveryFeeKobo: o.deliveryFee === undefined ? null : nairaToKobo(o.deliveryFee),
    },
    {
      street: o.street ?? "",
      city: o.city ?? "",
      state: "Lagos",
      phone: o.phone,
      lga: o.lga,
      deliveryMethod: o.deliveryMethod,
      pickupPoint: o.pickupPoint,
      paymentMethod: paymentMethodOf[o.settle],
      code: o.code || undefined,
      note: o.note,
      whatsappOptIn: false,
      deliveryDate: o.deliveryDate,
      deliveryWindow: o.deliveryWindow,
      ...giftFieldsOf(o),
    },
    { provider: env.PAYMENT_PROVIDER, links: env, now },
  );
  if (o.settle === "paid") {
    try {
      const { purchase } = await recordManualPayment(
        db,
        env,
        row.id,
        { method: o.paidVia, amount: o.amount ?? koboToNaira(row.totalKobo), reference: o.reference, part: o.part, restDueOn: o.restDueOn },
        actorId,
        now,
      );
      return { id: row.id, totalKobo: row.totalKobo, status: purchase?.status ?? "completed", payLink: null };
    } catch (e) {
      await cancelPurchases(db, [row.id], shopperCancelNotes.notStarted);
      throw e;
    }
  }
  return {
    id: row.id,
    totalKobo: row.totalKobo,
    status: row.status,
    payLink: o.settle === "pay_link" && row.expiresAt ? payLinkUrl(env, row.id, row.expiresAt) : null,
  };
}

async function accountOf(db: Db, id: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
  if (!user)
    throw new AppError("invalid", "That customer's account no longer exists. Look her up again.", {
      fields: { customerId: "Look her up again" },
    });
  return user;
}

/** The link an unpaid order settled by payment link is paid with, while it works (the order page shows it to share). */
export function payLinkOf(
  env: MailLinks,
  p: Pick<typeof purchases.$inferSelect, "id" | "paymentMethod" | "status" | "expiresAt">,
  now = new Date(),
) {
  if (p.paymentMethod !== "pay_link" || p.status !== "pending" || !p.expiresAt || p.expiresAt <= now) return null;
  return payLinkUrl(env, p.id, p.expiresAt);
}

/** A business customer's company name and tax number, printed on her receipt or invoice. */
export async function setInvoiceDetails(db: Db, id: string, details: { companyName?: string; taxNumber?: string }) {
  const [row] = await db
    .update(purchases)
    .set({ companyName: details.companyName ?? null, taxNumber: details.taxNumber ?? null })
    .where(eq(purchases.id, id))
    .returning({ id: purchases.id });
  if (!row) throw AppError.notFound("Purchase");
}
