// docs/product.md "Notes about a customer": the team's note about a customer, kept by her number
// however it was typed, on every order of hers in the back office and its API; owners and staff
// write it, a blank takes it away; she never sees it, on her order's page or in its API.
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser, createProduct, createPurchase, createStaffUser, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { orderCompletePath } from "../../modules/orders/order-links.server";
import { findCustomers } from "../../modules/orders/manual-orders.server";

let t: PagesContext;
let owner: { id: string; role: "admin" };
let staff: { id: string; role: "staff" };
const NOTE = "Pays by transfer; loves the lavender candle. Gate is the blue one after the mosque (gate 7QX).";
/** a word of the note no product, name or address of the test data carries */
const MARK = "gate 7QX";

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db, { firstName: "Kemi", lastName: "Adeyemi" })).id, role: "admin" };
  staff = { id: (await createStaffUser(t.db, { firstName: "Tolu", lastName: "Bakare" })).id, role: "staff" };
});

type Who = { id: string; role: "admin" | "staff" | "customer" };
const put = (id: string, body: unknown, as: Who = owner) =>
  t.page(`/api/purchases/${id}/customer-note`, {
    method: "PUT",
    as,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const read = async (id: string, as: Who = owner) =>
  (await (await t.page(`/api/purchases/${id}/customer-note`, { as })).json()).customerNote;
const drawn = async (path: string, as?: Who) => (await (await t.page(path, { as })).text()).replace(/<!-- -->/g, "");

/** two orders of one woman, her number typed two ways, and one of another's */
async function customer() {
  const shopper = await createUser(t.db);
  const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0 });
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  const first = await createPurchase(t.db, shopper, [{ product, quantity: 1 }], { phone: `0803${digits}` });
  const second = await createPurchase(t.db, shopper, [{ product, quantity: 2 }], {
    phone: `+234 803 ${digits.slice(0, 3)} ${digits.slice(3)}`,
  });
  const other = await createPurchase(t.db, shopper, [{ product, quantity: 1 }], { phone: `0805${digits}` });
  return { shopper: { id: shopper.id, role: "customer" as const }, first, second, other };
}

describe("notes about a customer", () => {
  it("kept by her number: written on one order, read on all hers, not on another's; a blank takes it away", async () => {
    const { first, second, other } = await customer();
    expect(await read(first.id)).toBeNull();
    const res = await put(first.id, { note: `  ${NOTE}  ` });
    expect(res.status).toBe(200);
    expect((await res.json()).customerNote).toMatchObject({ note: NOTE, by: "Kemi Adeyemi", at: expect.any(String) });
    expect(await read(second.id)).toMatchObject({ note: NOTE });
    expect(await read(other.id)).toBeNull();
    // staff keep it too; the last to write is named
    expect((await put(second.id, { note: "Pays on delivery only" }, staff)).status).toBe(200);
    expect(await read(first.id)).toMatchObject({ note: "Pays on delivery only", by: "Tolu Bakare" });
    expect(await read(first.id, staff)).toMatchObject({ note: "Pays on delivery only" });
    const removed = await put(first.id, { note: "   " });
    expect(removed.status).toBe(200);
    expect((await removed.json()).customerNote).toBeNull();
    expect(await read(second.id)).toBeNull();
  });

  it("refuses a note too long or not text, and a body with more, keeping the one saved; an unknown order is a 404", async () => {
    const { first } = await customer();
    await put(first.id, { note: NOTE });
    for (const [body, field] of [
      [{ note: "x".repeat(1001) }, "note"],
      [{ note: 12 }, "note"],
      [{}, "note"],
      [{ note: "ok", extra: true }, null],
    ] as const) {
      const res = await put(first.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      if (field) expect(Object.keys((await res.json()).fields)).toEqual([field]);
    }
    expect((await (await put(first.id, { note: "x".repeat(1001) })).json()).fields.note).toBe("Note must be at most 1,000 characters");
    expect(await read(first.id)).toMatchObject({ note: NOTE });
    expect((await put(crypto.randomUUID(), { note: "x" })).status).toBe(404);
    expect((await t.page(`/api/purchases/${crypto.randomUUID()}/customer-note`, { as: owner })).status).toBe(404);
  });

  it("is the team's: a shopper is refused, and her own order's answer and page never carry it", async () => {
    const { first, shopper } = await customer();
    await put(first.id, { note: NOTE });
    expect((await put(first.id, { note: "mine" }, shopper)).status).toBe(403);
    expect((await t.page(`/api/purchases/${first.id}/customer-note`, { as: shopper })).status).toBe(403);
    expect((await t.page(`/api/purchases/${first.id}/customer-note`)).status).toBe(401);
    const mine = await t.page(`/api/purchases/${first.id}`, { as: shopper });
    expect(mine.status).toBe(200);
    expect(await mine.text()).not.toContain(MARK);
    expect(await drawn(orderCompletePath(t.env, first), shopper)).not.toContain(MARK);
    expect(await drawn("/profile", shopper)).not.toContain(MARK);
  });

  it("the order desk shows it with her, found by her number however typed, in one query for all found", async () => {
    const { first, other } = await customer();
    await put(first.id, { note: NOTE });
    const found = await findCustomers(t.db, first.phone);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.note === NOTE)).toBe(true);
    expect((await findCustomers(t.db, other.phone)).map((c) => c.note)).toEqual([null]);
    // on /neworder, under the customer found
    const desk = await t.page("/neworder", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "find", lookup: first.phone, attempt: crypto.randomUUID() }).toString(),
    });
    expect((await desk.text()).replace(/<!-- -->/g, "")).toContain(`data-testid="found-customer-note">${NOTE}</span>`);
  });

  it("/unpaidcheckouts shows it on her checkout, for whoever writes to her about paying", async () => {
    const { first } = await customer();
    await put(first.id, { note: NOTE });
    const her = await createUser(t.db);
    const product = await createProduct(t.db, { priceKobo: 500_000, discountKobo: 0 });
    await createPurchase(t.db, her, [{ product, quantity: 1 }], { status: "pending", paidAt: null, phone: first.phone });
    const page = await drawn(`/unpaidcheckouts?q=${encodeURIComponent(her.email)}`, owner);
    expect(page).toContain(`data-testid="unpaid-customer-note"><span class="font-semibold">About her:</span> ${NOTE}</p>`);
  });

  it("on the order page: shown under her details with who saved it, and saved by its form before its script runs", async () => {
    const { first, second } = await customer();
    const post = (fields: Record<string, string>, as: Who = owner) =>
      t.page(`/viewpurchase/${second.id}`, {
        method: "POST",
        as: as as { id: string; role: "admin" },
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "customer-note", ...fields }).toString(),
      });
    const saved = await post({ note: NOTE });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Note saved");
    const page = await drawn(`/viewpurchase/${first.id}`, owner);
    expect(page).toMatch(
      /<label for="field-customer-note" class="label">Notes about her<\/label><textarea[^>]*>Pays by transfer; loves the lavender candle/,
    );
    expect(page).toMatch(/data-testid="customer-note-saved">Saved by Kemi Adeyemi on \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d\d [ap]m</);
    // staff see and keep it too
    expect(await drawn(`/viewpurchase/${first.id}`, staff)).toContain(MARK);
    // a refused one comes back as typed, the saved one kept
    const refused = await post({ note: `${"y".repeat(1001)}` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Note must be at most 1,000 characters");
    expect(await read(first.id)).toMatchObject({ note: NOTE });
    expect(await (await post({ note: "" })).text()).toContain("Note removed");
    expect(await drawn(`/viewpurchase/${first.id}`, owner)).not.toContain('data-testid="customer-note-saved"');
  });
});
