import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseEvents, purchaseItems, purchases, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatNaira, koboToNaira } from "../../lib/money";
import { dayRange } from "../admin/dates";
import { escapeLike } from "../catalog/admin.server";
import { enqueueMail } from "../mail/outbox.server";
import { releaseStock } from "./service.server";
import {
  adminPurchaseListQuery,
  cancellable,
  canMoveTo,
  purchaseStatuses,
  statusChangeInput,
  type AdminPurchaseListQuery,
  type PurchaseStatus,
  type StatusChangeInput,
} from "./admin-schemas";

export type AdminPurchaseRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  discount: boolean;
  totalAmount: number;
  status: PurchaseStatus;
  createdAt: string;
};

export type PurchaseDetail = AdminPurchaseRow & {
  userId: string | null;
  phone: string;
  street: string;
  city: string;
  state: string;
  address: string;
  lga: string | null;
  deliveryMethod: "standard" | "express";
  subtotal: number;
  discountAmount: number;
  vat: number;
  deliveryCharge: number;
  currency: string;
  paymentProvider: string;
  reference: string;
  transactionId: string | null;
  paidAt: string | null;
  updatedAt: string;
  items: {
    id: string;
    productId: string | null;
    title: string;
    imageUrl: string | null;
    price: number;
    discount: number;
    color: string | null;
    size: string | null;
    quantity: number;
    totalPrice: number;
  }[];
  events: { id: string; status: PurchaseStatus; note: string | null; actorName: string | null; createdAt: string }[];
};

/** A search that is exactly a status word ("shipped") filters by that status (index-friendly). */
function statusWord(q?: string): PurchaseStatus | undefined {
  return q ? purchaseStatuses.find((s) => s === q.toLowerCase()) : undefined;
}

/** The list filter shared by the table, its count and the CSV export. */
function purchaseFilter(q: ReturnType<typeof adminPurchaseListQuery.parse>): SQL | undefined {
  const where: SQL[] = [];
  const asStatus = statusWord(q.q);
  if (asStatus) where.push(eq(purchases.status, asStatus));
  else if (q.q) {
    // search_text is lower(first name || ' ' || email), trigram-indexed (admin_indexes migration)
    where.push(sql`${purchases.searchText} like ${`%${escapeLike(q.q.toLowerCase())}%`}`);
  }
  if (q.status) where.push(eq(purchases.status, q.status));
  const range = dayRange(q.from, q.to);
  if (range.from) where.push(gte(purchases.createdAt, range.from));
  if (range.to) where.push(lt(purchases.createdAt, range.to));
  return where.length ? and(...where) : undefined;
}

/**
 * A free-text search counts at most this many matches: an exact count of a
 * substring match grows with the matches (25,000 rows for "gmail"), while 200
 * pages are more than anyone reads. The screen then says "1,000+ entries".
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * With a text search, the order key is an expression so PostgreSQL cannot walk the
 * date index filtering row by row (unbounded for a rare name): it takes the matches
 * from the trigram index and sorts those, a cost bounded by the number of matches.
 */
function purchaseOrder(sort: string, searching = false): SQL[] {
  const created = searching ? sql`(${purchases.createdAt} + interval '0 second')` : sql`${purchases.createdAt}`;
  if (sort === "oldest") return [sql`${created} asc`, asc(purchases.id)];
  if (sort === "total_desc") return [desc(purchases.totalKobo), sql`${created} desc`];
  if (sort === "total_asc") return [asc(purchases.totalKobo), sql`${created} desc`];
  return [sql`${created} desc`, desc(purchases.id)];
}

const rowColumns = {
  id: purchases.id,
  firstName: purchases.firstName,
  lastName: purchases.lastName,
  email: purchases.email,
  discountKobo: purchases.discountKobo,
  totalKobo: purchases.totalKobo,
  status: purchases.status,
  createdAt: purchases.createdAt,
};

const toRow = (r: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  discountKobo: number;
  totalKobo: number;
  status: PurchaseStatus;
  createdAt: Date;
}): AdminPurchaseRow => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  discount: r.discountKobo > 0,
  totalAmount: koboToNaira(r.totalKobo),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** /purchasetable and GET /api/purchases: searched, filtered by day and status, paged. */
export async function listAdminPurchases(
  db: Db,
  input: AdminPurchaseListQuery = {},
): Promise<{ items: AdminPurchaseRow[]; total: number; capped: boolean }> {
  const q = adminPurchaseListQuery.parse(input);
  const where = purchaseFilter(q);
  const searching = Boolean(q.q) && !statusWord(q.q);
  const page = (bitmapFirst: boolean) =>
    db
      .select(rowColumns)
      .from(purchases)
      .where(where)
      .orderBy(...purchaseOrder(q.sort, bitmapFirst))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
  if (!searching) {
    const [rows, [total]] = await Promise.all([
      page(false),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(where),
    ]);
    return { items: rows.map(toRow), total: total?.n ?? 0, capped: false };
  }
  // The capped count tells a broad term (walk the date index: matches come quickly)
  // from a rare one (take the few matches from the trigram index, then sort).
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(purchases)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as("m"),
  );
  const n = total?.n ?? 0;
  const capped = n > SEARCH_COUNT_CAP;
  const rows = n === 0 ? [] : await page(!capped);
  return { items: rows.map(toRow), total: capped ? SEARCH_COUNT_CAP : n, capped };
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  // quote always; neutralise spreadsheet formulas
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};
export const toCsv = (header: string[], rows: unknown[][]) => [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** CSV of the filtered list (all pages), read in batches. */
export async function purchasesCsv(db: Db, input: AdminPurchaseListQuery = {}): Promise<string> {
  const q = adminPurchaseListQuery.parse({ ...input, page: 1, pageSize: 1 });
  const where = purchaseFilter(q);
  const out: unknown[][] = [];
  const batch = 5000;
  for (let offset = 0; offset < 200_000; offset += batch) {
    const rows = await db
      .select({ ...rowColumns, reference: purchases.reference, lga: purchases.lga, phone: purchases.phone })
      .from(purchases)
      .where(where)
      .orderBy(...purchaseOrder(q.sort))
      .limit(batch)
      .offset(offset);
    for (const r of rows)
      out.push([
        r.id,
        r.reference,
        r.createdAt.toISOString(),
        r.firstName,
        r.lastName,
        r.email,
        r.phone,
        r.lga,
        r.status,
        r.discountKobo > 0 ? "Discounted" : "None",
        koboToNaira(r.totalKobo).toFixed(2),
      ]);
    if (rows.length < batch) break;
  }
  return toCsv(
    ["id", "reference", "createdAt", "firstName", "lastName", "email", "phone", "lga", "status", "discount", "totalAmountNGN"],
    out,
  );
}

/** One purchase with its lines, breakdown and history. Callers check who may see it. */
export async function getPurchase(db: Db, id: string): Promise<PurchaseDetail> {
  const [p] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw AppError.notFound("Purchase");
  const [items, events] = await Promise.all([
    db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, id)).orderBy(asc(purchaseItems.title)),
    db
      .select({
        id: purchaseEvents.id,
        status: purchaseEvents.status,
        note: purchaseEvents.note,
        createdAt: purchaseEvents.createdAt,
        first: users.firstName,
        last: users.lastName,
      })
      .from(purchaseEvents)
      .leftJoin(users, eq(users.id, purchaseEvents.actorId))
      .where(eq(purchaseEvents.purchaseId, id))
      .orderBy(asc(purchaseEvents.createdAt)),
  ]);
  return {
    ...toRow(p),
    userId: p.userId,
    phone: p.phone,
    street: p.street,
    city: p.city,
    state: p.state,
    address: p.address,
    lga: p.lga,
    deliveryMethod: p.deliveryMethod,
    subtotal: koboToNaira(p.subtotalKobo),
    discountAmount: koboToNaira(p.discountKobo),
    vat: koboToNaira(p.vatKobo),
    deliveryCharge: koboToNaira(p.deliveryKobo),
    currency: p.currency,
    paymentProvider: p.paymentProvider,
    reference: p.reference,
    transactionId: p.transactionId,
    paidAt: p.paidAt?.toISOString() ?? null,
    updatedAt: p.updatedAt.toISOString(),
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      title: i.title,
      imageUrl: i.imageUrl,
      price: koboToNaira(i.priceKobo),
      discount: koboToNaira(i.discountKobo),
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      totalPrice: koboToNaira(i.totalPriceKobo),
    })),
    events: events.map((e) => ({
      id: e.id,
      status: e.status,
      note: e.note,
      actorName: e.first ? `${e.first} ${e.last ?? ""}`.trim() : null,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

const statusMail: Record<string, { subject: string; line: string }> = {
  processing: { subject: "We are preparing your order", line: "Good news: we are now preparing your order." },
  shipped: { subject: "Your order is on its way", line: "Your order has left our studio and is on its way to you." },
  delivered: { subject: "Your order has been delivered", line: "Your order has been delivered. We hope it brings you calm." },
  cancelled: {
    subject: "Your order has been cancelled",
    line: "Your order has been cancelled. If you paid, the refund follows within 5 working days.",
  },
};

/**
 * Moves a purchase along completed → processing → shipped → delivered, or cancels
 * it (stock goes back). Each change is an event with its actor and time, and a
 * mail to the customer queued in the same transaction.
 */
export async function changePurchaseStatus(
  db: Db,
  id: string,
  input: StatusChangeInput,
  actorId: string,
  shopName = "Alafia Self-Care",
): Promise<PurchaseDetail> {
  const { status, note } = statusChangeInput.parse(input);
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, id)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (!canMoveTo(p.status, status))
      throw new AppError("conflict", `A ${p.status} order cannot be marked ${status}.`, {
        fields: { status: `Not allowed from ${p.status}` },
      });
    await tx.update(purchases).set({ status }).where(eq(purchases.id, id));
    await tx.insert(purchaseEvents).values({ purchaseId: id, status, note: note ?? null, actorId });
    // the stock the order holds goes back
    if (status === "cancelled") await releaseStock(tx, [id]);
    const mail = statusMail[status]!;
    const orderNo = id.slice(0, 8);
    await enqueueMail(tx, {
      to: p.email,
      kind: `order_${status}`,
      subject: `${mail.subject} (order #${orderNo})`,
      text: `Hello ${p.firstName},\n\n${mail.line}\n\nOrder #${orderNo}, total ${formatNaira(p.totalKobo)}.${note ? `\n\nNote from us: ${note}` : ""}\n\nWith care,\n${shopName}`,
    });
  });
  return getPurchase(db, id);
}

/**
 * Deletes a purchase. One that still holds its stock (the statuses a cancel
 * gives stock back from) gives it back first, exactly as a cancel does.
 */
export async function deletePurchase(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [p] = await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, id)).for("update");
    if (!p) throw AppError.notFound("Purchase");
    if (cancellable.includes(p.status)) await releaseStock(tx, [id]);
    await tx.delete(purchases).where(eq(purchases.id, id));
  });
}
