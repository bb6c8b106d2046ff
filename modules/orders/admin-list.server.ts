import { and, asc, desc, eq, inArray, sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseItems, purchaseSearch, purchases } from "../../db/schema";
import { koboToNaira } from "../../lib/money";
import { withinDays } from "../../lib/day-range";
import { toCsv } from "../../lib/csv";
import { lagosNow, lagosTimestamp } from "../../lib/lagos-calendar";
import { adminPurchaseListQuery, type AdminPurchaseListQuery } from "./admin-schemas";
import { notSentStatuses, notSentYet, purchaseStatuses, restDue, type PurchaseStatus } from "./statuses";
import { holdsMoneyRecords } from "./money-records.server";
import { partPaidWaiting, restOverdueOn } from "./part-payments.server";
import { transferSentWaiting } from "./transfer-sent.server";
import { givesBack } from "./give-back.server";
import { purchaseSearchMatch } from "./purchase-search.server";
import { isDiscounted } from "./views.server";
import type { PurchaseRow } from "./types";

// The back office's purchases table (/purchasetable, GET /api/purchases, its CSV):
// searched, filtered by day and status, paged, with an exact count. How it stays
// fast at 100,000 orders: docs/decisions/0004-admin-purchases-search.md.

type ListQuery = ReturnType<typeof adminPurchaseListQuery.parse>;

/** A search that is exactly a status word ("shipped") filters by that status (index-friendly). */
function statusWord(q?: string): PurchaseStatus | undefined {
  return q ? purchaseStatuses.find((s) => s === q.toLowerCase()) : undefined;
}

/** What was typed to look for, unless the search is a status word. */
function searchTerm(q: ListQuery): string | undefined {
  return q.q && !statusWord(q.q) ? q.q : undefined;
}

/** Status and day filters, on purchases or on its narrow search copy (same columns). */
function statusAndDays(q: ListQuery, t: { status: Column; createdAt: Column }): SQL[] {
  const where: SQL[] = [];
  const asStatus = statusWord(q.q);
  if (asStatus) where.push(eq(t.status, asStatus));
  if (q.status) where.push(eq(t.status, q.status));
  where.push(...withinDays(t.createdAt, q.from, q.to));
  return where;
}

/** Where the sale was made: a column of purchases only (the narrow search copy asks purchases by id). */
function sourceFilter(q: ListQuery, t: "purchases" | "search"): SQL[] {
  const filters: SQL[] = [];
  if (q.source)
    filters.push(
      t === "purchases"
        ? eq(purchases.source, q.source)
        : sql`${purchaseSearch.purchaseId} in (select ${purchases.id} from ${purchases} where ${purchases.source} = ${q.source})`,
    );
  // part paid, waiting for the rest: the few rows of a partial index (docs/product.md "Part payments")
  if (q.payment === "part")
    filters.push(
      t === "purchases"
        ? partPaidWaiting
        : sql`${purchaseSearch.purchaseId} in (select ${purchases.id} from ${purchases} where ${partPaidWaiting})`,
    );
  // past the day agreed for the rest (docs/product.md "Part payments"): on the same partial index
  if (q.payment === "rest_overdue") {
    const overdue = restOverdueOn(lagosNow(new Date()).date);
    filters.push(
      t === "purchases" ? overdue : sql`${purchaseSearch.purchaseId} in (select ${purchases.id} from ${purchases} where ${overdue})`,
    );
  }
  // she says she sent a transfer, and it is not recorded yet (docs/product.md "Paying"): the partial index purchases_transfer_sent_idx
  if (q.payment === "transfer_sent") {
    filters.push(
      t === "purchases"
        ? transferSentWaiting
        : sql`${purchaseSearch.purchaseId} in (select ${purchases.id} from ${purchases} where ${transferSentWaiting})`,
    );
  }
  // holding a payment not applied that waits to be given back (docs/product.md "Paying", "Part payments")
  if (q.payment === "give_back") filters.push(givesBack(t === "purchases" ? purchases.id : purchaseSearch.purchaseId));
  // not sent yet, holding a pre-order line: the orders to send when the stock comes in (docs/product.md "Pre-orders")
  if (q.preorder) filters.push(waitsForPreorder(t === "purchases" ? purchases : purchaseSearch));
  return filters;
}

/** Not sent yet, with a line bought as a pre-order: on the partial index of such lines. */
function waitsForPreorder(t: typeof purchases | typeof purchaseSearch): SQL {
  const id = "purchaseId" in t ? t.purchaseId : t.id;
  return and(
    inArray(t.status, notSentStatuses),
    sql`exists (select 1 from ${purchaseItems} where ${purchaseItems.purchaseId} = ${id} and ${purchaseItems.shipsFrom} is not null)`,
  )!;
}

/** A text search runs on purchase_search alone: its count never reads the wide purchases rows. */
function searchFilter(q: ListQuery, term: string): SQL | undefined {
  return and(
    purchaseSearchMatch(term, { id: purchaseSearch.purchaseId, searchText: purchaseSearch.searchText }),
    ...statusAndDays(q, purchaseSearch),
    ...sourceFilter(q, "search"),
  );
}

/**
 * A text search with more matches than this may take its page by walking the date
 * index, a match every few rows; with fewer, the matches come from the trigram index
 * and are sorted. The exact count, taken first, tells which.
 */
export const BROAD_SEARCH = 1000;

/** The walk pays for every row before the page, so it is kept to the first twentieth of the matches. */
const walksDateIndex = (total: number, offset: number, pageSize: number) => total > BROAD_SEARCH && offset + pageSize <= total / 20;

/**
 * `sortMatches` wraps the date in an expression, so PostgreSQL cannot pick the
 * date-index walk (unbounded when almost nothing matches) and sorts the matches.
 */
function purchaseOrder(sort: string, t: { createdAt: SQLWrapper; id: SQLWrapper }, sortMatches = false): SQL[] {
  const created = sortMatches ? sql`(${t.createdAt} + interval '0 second')` : sql`${t.createdAt}`;
  if (sort === "oldest") return [sql`${created} asc`, asc(t.id)];
  if (sort === "total_desc") return [desc(purchases.totalKobo), sql`${created} desc`, desc(t.id)];
  if (sort === "total_asc") return [asc(purchases.totalKobo), sql`${created} desc`, desc(t.id)];
  return [sql`${created} desc`, desc(t.id)];
}
const byPurchase = { createdAt: purchases.createdAt, id: purchases.id };
const bySearch = { createdAt: purchaseSearch.createdAt, id: purchaseSearch.purchaseId };

const rowColumns = {
  id: purchases.id,
  firstName: purchases.firstName,
  lastName: purchases.lastName,
  email: purchases.email,
  savedKobo: purchases.savedKobo,
  discountCode: purchases.discountCode,
  totalKobo: purchases.totalKobo,
  status: purchases.status,
  source: purchases.source,
  deliveryMethod: purchases.deliveryMethod,
  deliveryDate: purchases.deliveryDate,
  createdAt: purchases.createdAt,
  isGift: purchases.isGift,
  recipientName: purchases.recipientName,
  depositKobo: purchases.depositKobo,
  paidAt: purchases.paidAt,
  restDueOn: purchases.restDueOn,
  transferSentAt: purchases.transferSentAt,
};
/**
 * The table's rows also say whether the bin is offered, and a pre-order's day (a few rows a page,
 * each on an index: the CSV does not ask).
 */
const listColumns = {
  ...rowColumns,
  holdsMoney: holdsMoneyRecords(),
  shipsFrom: sql<string | null>`(select max(pi.ships_from)::text from purchase_items pi
    where pi.purchase_id = purchases.id and pi.ships_from is not null)`,
};

const toRow = (r: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  savedKobo: number;
  discountCode: string | null;
  totalKobo: number;
  status: PurchaseStatus;
  source: PurchaseRow["source"];
  deliveryMethod: PurchaseRow["deliveryMethod"];
  deliveryDate: string | null;
  createdAt: Date;
  isGift: boolean;
  recipientName: string | null;
  depositKobo: number;
  paidAt: Date | null;
  restDueOn: string | null;
  transferSentAt: Date | null;
  holdsMoney: boolean;
  shipsFrom?: string | null;
}): PurchaseRow => ({
  id: r.id,
  fname: r.firstName,
  lname: r.lastName,
  email: r.email,
  // the naira saved by sale prices (docs/product.md §3); the Discount column reads `discounted`
  discount: koboToNaira(r.savedKobo),
  discounted: isDiscounted(r),
  totalAmount: koboToNaira(r.totalKobo),
  status: r.status,
  source: r.source,
  deliveryMethod: r.deliveryMethod,
  createdAt: r.createdAt.toISOString(),
  giftFor: r.isGift ? (r.recipientName ?? "") : null,
  partPaid: r.depositKobo > 0 && !r.paidAt && r.status !== "cancelled",
  restOverdue: restDue(r, lagosNow(new Date()).date).restOverdue,
  transferSent: !!r.transferSentAt && !r.paidAt && r.status !== "cancelled",
  shipsFrom: r.shipsFrom && notSentYet(r.status) ? r.shipsFrom : null,
  deliveryDate: r.deliveryDate,
  dayBeforeShipDay: Boolean(r.shipsFrom && r.deliveryDate && notSentYet(r.status) && r.deliveryDate < r.shipsFrom),
  deletable: !r.holdsMoney,
});

const count = sql<number>`count(*)::int`;

/** /purchasetable and GET /api/purchases: searched, filtered by day and status, paged, counted exactly. */
export async function listAdminPurchases(db: Db, input: AdminPurchaseListQuery = {}): Promise<{ items: PurchaseRow[]; total: number }> {
  const q = adminPurchaseListQuery.parse(input);
  const offset = (q.page - 1) * q.pageSize;
  const term = searchTerm(q);
  if (!term) {
    const where = and(...statusAndDays(q, purchases), ...sourceFilter(q, "purchases"));
    const [rows, [counted]] = await Promise.all([
      db
        .select(listColumns)
        .from(purchases)
        .where(where)
        .orderBy(...purchaseOrder(q.sort, byPurchase))
        .limit(q.pageSize)
        .offset(offset),
      db.select({ n: count }).from(purchases).where(where),
    ]);
    return { items: rows.map(toRow), total: counted?.n ?? 0 };
  }
  const where = searchFilter(q, term);
  const [counted] = await db.select({ n: count }).from(purchaseSearch).where(where);
  const total = counted?.n ?? 0;
  if (offset >= total) return { items: [], total };
  const sortMatches = !walksDateIndex(total, offset, q.pageSize);
  if (q.sort === "total_desc" || q.sort === "total_asc") {
    // the total lives in purchases: join first, then sort
    const rows = await db
      .select(listColumns)
      .from(purchaseSearch)
      .innerJoin(purchases, eq(purchases.id, purchaseSearch.purchaseId))
      .where(where)
      .orderBy(...purchaseOrder(q.sort, bySearch, sortMatches))
      .limit(q.pageSize)
      .offset(offset);
    return { items: rows.map(toRow), total };
  }
  // the page is picked in purchase_search alone; only its few rows are read from purchases
  const page = db
    .select({ id: purchaseSearch.purchaseId, createdAt: purchaseSearch.createdAt })
    .from(purchaseSearch)
    .where(where)
    .orderBy(...purchaseOrder(q.sort, bySearch, sortMatches))
    .limit(q.pageSize)
    .offset(offset)
    .as("page");
  const rows = await db
    .select(listColumns)
    .from(page)
    .innerJoin(purchases, eq(purchases.id, page.id))
    .orderBy(...purchaseOrder(q.sort, page));
  return { items: rows.map(toRow), total };
}

/** CSV of the filtered list (all pages), read in batches. */
export async function purchasesCsv(db: Db, input: AdminPurchaseListQuery = {}): Promise<string> {
  const q = adminPurchaseListQuery.parse({ ...input, page: 1, pageSize: 1 });
  const term = searchTerm(q);
  const columns = {
    ...rowColumns,
    reference: purchases.reference,
    lga: purchases.lga,
    phone: purchases.phone,
    deliveryWindow: purchases.deliveryWindow,
  };
  const batchOf = (offset: number, size: number) =>
    term
      ? db
          .select(columns)
          .from(purchaseSearch)
          .innerJoin(purchases, eq(purchases.id, purchaseSearch.purchaseId))
          .where(searchFilter(q, term))
          .orderBy(...purchaseOrder(q.sort, bySearch))
          .limit(size)
          .offset(offset)
      : db
          .select(columns)
          .from(purchases)
          .where(and(...statusAndDays(q, purchases), ...sourceFilter(q, "purchases")))
          .orderBy(...purchaseOrder(q.sort, byPurchase))
          .limit(size)
          .offset(offset);
  const out: unknown[][] = [];
  const batch = 5000;
  for (let offset = 0; offset < 200_000; offset += batch) {
    const rows = await batchOf(offset, batch);
    for (const r of rows)
      out.push([
        r.id,
        r.reference,
        // the day and hour the list's filters read (Lagos), not UTC: an order at 00:30 is the next day's
        lagosTimestamp(r.createdAt),
        r.firstName,
        r.lastName,
        r.email,
        r.phone,
        r.lga,
        r.status,
        r.source,
        isDiscounted(r) ? "Discounted" : "None",
        koboToNaira(r.totalKobo).toFixed(2),
        // how and when it goes out (docs/product.md "Delivery on a chosen date"): a rider's plan from a spreadsheet
        r.deliveryMethod,
        r.deliveryDate ?? "",
        r.deliveryWindow ?? "",
      ]);
    if (rows.length < batch) break;
  }
  return toCsv(
    [
      "id",
      "reference",
      "createdAt",
      "firstName",
      "lastName",
      "email",
      "phone",
      "lga",
      "status",
      "source",
      "discount",
      "totalAmountNGN",
      "deliveryMethod",
      "deliveryDate",
      "deliveryWindow",
    ],
    out,
  );
}
