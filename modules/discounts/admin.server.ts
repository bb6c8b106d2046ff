import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, discountCodes, discountRedemptions, products } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { withinDays } from "../../lib/day-range";
import { containing } from "../../lib/like-pattern";
import { koboToNaira, nairaToKobo } from "../../lib/money";
import { COUNTED, type CodeRow } from "./codes.server";
import { lagosIso } from "./lagos-time";
import { discountListQuery, shapeErrors, type DiscountCreateData, type DiscountListQuery, type DiscountPatchData } from "./schemas";
import type { DiscountCode, DiscountState, ScopeChoices } from "./types";

// The back office's discount codes (docs/product.md "Discount codes"): list, create, change (only
// the fields named), pause and resume, delete while never used. Their sales figures (paid orders,
// revenue, discount given) are added by modules/reports/discount-codes.server.ts.

/** Per code: the uses unpaid orders hold, and the uses that count against its limit (held and used). */
const uses = () =>
  sql`(select ${discountRedemptions.codeId} as code_id,
      (count(*) filter (where ${discountRedemptions.status} = 'held'))::int as held,
      (count(*) filter (where ${inArray(discountRedemptions.status, [...COUNTED])}))::int as counted
    from ${discountRedemptions} group by ${discountRedemptions.codeId}) as u`;
const useColumns = { held: sql<number>`coalesce(u.held, 0)`, counted: sql<number>`coalesce(u.counted, 0)` };
type Uses = { held: number; counted: number };

function stateOf(row: CodeRow, u: Uses, now: Date): DiscountState {
  if (row.pausedAt) return "paused";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  if (row.endsAt && row.endsAt <= now) return "ended";
  if (row.maxUses !== null && u.counted >= row.maxUses) return "used_up";
  return "active";
}

function toView(row: CodeRow, u: Uses = { held: 0, counted: 0 }, now = new Date()): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.kind === "fixed" && row.amountKobo !== null ? koboToNaira(row.amountKobo) : null,
    percent: row.kind === "percent" ? row.percent : null,
    minOrder: koboToNaira(row.minOrderKobo),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    startsAt: row.startsAt ? lagosIso(row.startsAt) : null,
    endsAt: row.endsAt ? lagosIso(row.endsAt) : null,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    paused: row.pausedAt !== null,
    state: stateOf(row, u, now),
    held: u.held,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first, searched by code, created between two days, paged. */
export async function listDiscountCodes(db: Db, input: DiscountListQuery = {}): Promise<{ items: DiscountCode[]; total: number }> {
  const q = discountListQuery.parse(input);
  const where: SQL[] = [];
  if (q.q) where.push(sql`${discountCodes.code} ilike ${containing(q.q)}`);
  where.push(...withinDays(discountCodes.createdAt, q.from, q.to));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: discountCodes, ...useColumns })
      .from(discountCodes)
      .leftJoin(uses(), sql`u.code_id = ${discountCodes.id}`)
      .where(cond)
      .orderBy(desc(discountCodes.createdAt), asc(discountCodes.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountCodes)
      .where(cond),
  ]);
  return { items: rows.map((r) => toView(r.row, r)), total: count?.n ?? 0 };
}

export async function getDiscountCode(db: Db, id: string): Promise<DiscountCode> {
  const [r] = await db
    .select({ row: discountCodes, ...useColumns })
    .from(discountCodes)
    .leftJoin(uses(), sql`u.code_id = ${discountCodes.id}`)
    .where(eq(discountCodes.id, id));
  if (!r) throw AppError.notFound("Discount code");
  return toView(r.row, r);
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  const [row] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(sql`lower(${discountCodes.code}) = lower(${code})`);
  if (row && row.id !== exceptId) {
    const msg = "A discount code with this name already exists.";
    throw new AppError("conflict", msg, { fields: { code: msg } });
  }
}

/** The scope names products and categories of the shop, never made-up ids. */
async function assertScope(db: Db, productIds: string[] | undefined, categoryIds: string[] | undefined) {
  const fields: Record<string, string> = {};
  const wanted = (ids: string[] | undefined) => [...new Set(ids ?? [])];
  const p = wanted(productIds);
  const c = wanted(categoryIds);
  if (p.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, p));
    if (found.length !== p.length) fields.productIds = "Choose products from the list";
  }
  if (c.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, c));
    if (found.length !== c.length) fields.categoryIds = "Choose categories from the list";
  }
  if (Object.keys(fields).length) throw new AppError("invalid", "Please check the highlighted fields.", { fields });
}

function assertShape(d: Parameters<typeof shapeErrors>[0]) {
  const fields = shapeErrors(d);
  if (Object.keys(fields).length) throw new AppError("invalid", "Please check the highlighted fields.", { fields });
}

/** A code from a parsed create (discountCreateInput: the API's body or the form's). */
export async function createDiscountCode(db: Db, d: DiscountCreateData, now = new Date()): Promise<DiscountCode> {
  const shape = {
    kind: d.kind,
    amount: d.amount ?? null,
    percent: d.percent ?? null,
    startsAt: d.startsAt ?? null,
    endsAt: d.endsAt ?? null,
  };
  assertShape(shape);
  await assertCodeFree(db, d.code);
  await assertScope(db, d.productIds, d.categoryIds);
  const [row] = await db
    .insert(discountCodes)
    .values({
      code: d.code,
      kind: d.kind,
      // only what the kind uses is kept
      amountKobo: d.kind === "fixed" ? nairaToKobo(shape.amount!) : null,
      percent: d.kind === "percent" ? shape.percent : null,
      minOrderKobo: nairaToKobo(d.minOrder ?? 0),
      maxUses: d.maxUses ?? null,
      maxUsesPerCustomer: d.maxUsesPerCustomer ?? null,
      startsAt: shape.startsAt,
      endsAt: shape.endsAt,
      productIds: [...new Set(d.productIds)],
      categoryIds: [...new Set(d.categoryIds)],
      pausedAt: d.paused ? now : null,
    })
    .returning();
  return toView(row!);
}

/** Changes only the fields named; `paused: true` pauses (a paused code is not active), `false` resumes. */
export async function updateDiscountCode(db: Db, id: string, d: DiscountPatchData, now = new Date()): Promise<DiscountCode> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw AppError.notFound("Discount code");
  const kind = d.kind ?? row.kind;
  const amount = d.amount !== undefined ? d.amount : row.amountKobo === null ? null : koboToNaira(row.amountKobo);
  const percent = d.percent !== undefined ? d.percent : row.percent;
  const startsAt = d.startsAt !== undefined ? d.startsAt : row.startsAt;
  const endsAt = d.endsAt !== undefined ? d.endsAt : row.endsAt;
  assertShape({ kind, amount, percent, startsAt, endsAt });
  if (d.code !== undefined) await assertCodeFree(db, d.code, id);
  await assertScope(db, d.productIds, d.categoryIds);
  const set: Partial<typeof discountCodes.$inferInsert> = { updatedAt: now };
  if (d.code !== undefined) set.code = d.code;
  if (d.kind !== undefined) set.kind = d.kind;
  if (d.amount !== undefined) set.amountKobo = d.amount === null ? null : nairaToKobo(d.amount);
  if (d.percent !== undefined) set.percent = d.percent;
  if (d.minOrder !== undefined) set.minOrderKobo = nairaToKobo(d.minOrder);
  if (d.maxUses !== undefined) set.maxUses = d.maxUses;
  if (d.maxUsesPerCustomer !== undefined) set.maxUsesPerCustomer = d.maxUsesPerCustomer;
  if (d.startsAt !== undefined) set.startsAt = d.startsAt;
  if (d.endsAt !== undefined) set.endsAt = d.endsAt;
  if (d.productIds !== undefined) set.productIds = [...new Set(d.productIds)];
  if (d.categoryIds !== undefined) set.categoryIds = [...new Set(d.categoryIds)];
  // pausing again keeps the first pause's time
  if (d.paused !== undefined) set.pausedAt = d.paused ? (row.pausedAt ?? now) : null;
  await db.update(discountCodes).set(set).where(eq(discountCodes.id, id));
  return getDiscountCode(db, id);
}

/** Only a code no order has used or holds: one that was used stays for its figures (pause it instead). */
export async function deleteDiscountCode(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!row) throw AppError.notFound("Discount code");
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.codeId, id), inArray(discountRedemptions.status, [...COUNTED])));
    if (used && used.n > 0) throw new AppError("conflict", "This code has been used, so it stays for its figures. Pause it instead.");
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
  });
}

/** The products and categories a code's scope can name, for the admin form. */
export async function scopeChoices(db: Db): Promise<ScopeChoices> {
  const [p, c] = await Promise.all([
    db.select({ id: products.id, title: products.title }).from(products).orderBy(asc(products.title)).limit(1000),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)).limit(500),
  ]);
  return { products: p, categories: c };
}
