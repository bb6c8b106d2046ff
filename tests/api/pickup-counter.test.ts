// docs/product.md "Pick-up", the collection code: marking a pick-up collected asks for the code she
// shows at the counter. A wrong or missing code moves nothing and tells no one; someone with no
// code collects only when the team ticks that they checked who it is and writes who took it, and
// she is told so. Deliveries, and pick-ups from before codes, are marked as before.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, purchaseEvents, purchases } from "../../db/schema";
import { counterCheck } from "../../modules/orders/pickup";
import { orderNumber } from "../../modules/orders/statuses";
import { orderTimeline } from "../../modules/orders/tracking.server";
import { createAdminUser, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
const ADDRESS = "12 Admiralty Way, Lekki Phase 1, Lagos";

beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

/** a pick-up marked ready to collect, with the code she was given */
async function ready(extra: Partial<typeof purchases.$inferInsert> = {}) {
  const shopper = await createUser(t.db, { email: `ada.${crypto.randomUUID().slice(0, 8)}@example.ng` });
  const product = await createProduct(t.db, { title: "Calm Cards", priceKobo: 1_000_000, discountKobo: 0 });
  return createPurchase(t.db, shopper, [{ product, quantity: 1 }], {
    status: "shipped",
    deliveryMethod: "pickup",
    lga: null,
    street: "",
    city: "",
    address: ADDRESS,
    deliveryKobo: 0,
    collectionCode: "4821",
    ...extra,
  });
}
const collect = (id: string, body: Record<string, unknown>) =>
  t.page(`/api/purchases/${id}/status`, {
    method: "PATCH",
    as: owner,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status: "delivered", ...body }),
  });
const statusOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!.status;
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const eventsOf = async (id: string) =>
  (await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, id))).map(({ status, note }) => ({ status, note }));
const drawn = async (path: string) => (await (await t.page(path, { as: owner })).text()).replace(/<!-- -->/g, "");
const posted = (id: string, fields: Record<string, string>) =>
  t.page(`/viewpurchase/${id}`, {
    method: "POST",
    as: owner,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "status", status: "delivered", ...fields }).toString(),
  });

describe("collecting a pick-up at the counter", () => {
  it("a missing, malformed or wrong code is a 400 naming the box; nothing moves and she is not told", async () => {
    const p = await ready();
    for (const [body, message] of [
      [{}, counterCheck.missing],
      [{ code: "" }, counterCheck.missing],
      [{ code: "48a1" }, "A collection code is four digits"],
      [{ code: "48211" }, "A collection code is four digits"],
      [{ code: "1234" }, counterCheck.wrong],
      [{ withoutCode: true }, counterCheck.noCodeNote],
      [{ withoutCode: true, note: "   " }, counterCheck.noCodeNote],
    ] as const) {
      const res = await collect(p.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(Object.values(answer.fields)).toEqual([message]);
      expect(Object.keys(answer.fields)).toEqual([message === counterCheck.noCodeNote ? "note" : "code"]);
    }
    expect(await statusOf(p.id)).toBe("shipped");
    expect(await eventsOf(p.id)).toEqual([]);
    expect(await mailsTo(p.email)).toEqual([]);
  });

  it("the code she shows moves it to collected, and her mail says who collected it", async () => {
    const p = await ready();
    const res = await collect(p.id, { code: " 4821 ", note: "Ada herself" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "delivered" });
    expect(await eventsOf(p.id)).toEqual([{ status: "delivered", note: "Ada herself" }]);
    const [mail] = await mailsTo(p.email);
    expect(mail!.subject).toBe(`You have collected your order (order #${orderNumber(p.id)})`);
    expect(mail!.text).toContain("\n\nCollected by: Ada herself\n");
    // done once: a second try is a step it cannot take
    expect((await collect(p.id, { code: "4821" })).status).toBe(409);
  });

  it("with no code, the team ticks that they checked and writes who took it; the order, her mail and her page say so", async () => {
    const p = await ready();
    const res = await collect(p.id, { withoutCode: true, note: "Her sister Bisi Obi, ID checked" });
    expect(res.status).toBe(200);
    const note = "Her sister Bisi Obi, ID checked (without the collection code)";
    expect(await eventsOf(p.id)).toEqual([{ status: "delivered", note }]);
    expect((await mailsTo(p.email))[0]!.text).toContain(`Collected by: ${note}\n`);
    const steps = await orderTimeline(t.db, p.id);
    expect(steps.at(-1)).toMatchObject({ label: "Collected", detail: note });
    // a code typed as well as the tick is not checked: the tick and the note decide
    const other = await ready();
    expect((await collect(other.id, { code: "0000", withoutCode: true, note: "Driver Musa, sent by her" })).status).toBe(200);
  });

  it("deliveries, and pick-ups from before codes, are marked delivered as before", async () => {
    const delivery = await ready({
      deliveryMethod: "standard",
      lga: "Ikeja",
      street: "1 Allen Avenue",
      city: "Ikeja",
      collectionCode: null,
    });
    expect((await collect(delivery.id, { note: "Her gateman" })).status).toBe(200);
    const older = await ready({ collectionCode: null });
    expect((await collect(older.id, {})).status).toBe(200);
    expect(await statusOf(older.id)).toBe("delivered");
  });

  it("the order page asks for the code without showing it; a wrong one, posted before its script ran, keeps what was typed", async () => {
    const p = await ready();
    const page = await drawn(`/viewpurchase/${p.id}`);
    expect(page).toContain(`>${counterCheck.codeLabel}</label>`);
    expect(page).toMatch(/<input[^>]*inputMode="numeric"[^>]*name="code"/);
    expect(page).toContain(counterCheck.noCodeLabel);
    expect(page).toContain('data-testid="admin-collection-code">Ask for her collection code</span>');
    expect(page).not.toContain("Ask for code");
    // the pick-ups on /deliveries say the same, with no digits drawn for the team to read off
    const sheet = await drawn("/deliveries");
    expect(sheet).toContain("Ask for her collection code");
    // (nor in the page's data: the row says only that there is a code to ask for)
    expect(sheet).not.toContain("Ask for code");
    expect(sheet).not.toContain("collectionCode");
    expect(sheet).toContain("asksForCode");

    const refused = await posted(p.id, { code: "1234", note: "Ada" });
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replace(/<!-- -->/g, "");
    expect(again).toContain(counterCheck.wrong);
    expect(again).toMatch(/<input[^>]*name="code"[^>]*value="1234"/);
    expect(again).toMatch(/<input[^>]*name="note"[^>]*value="Ada"/);
    expect(await statusOf(p.id)).toBe("shipped");

    const done = await posted(p.id, { code: "4821", note: "Ada" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Order marked collected; the customer has been emailed");
    // the order's history says the pick-up's own steps
    const history = await drawn(`/viewpurchase/${p.id}`);
    expect(history).toMatch(/<span class="font-semibold ">Collected<\/span> · /);
    expect(history).not.toContain(counterCheck.codeLabel);
  });

  it("a tick without a name, posted as a form, is refused under the Collected by box", async () => {
    const p = await ready();
    const refused = await posted(p.id, { code: "", withoutCode: "on", note: "" });
    expect(refused.status).toBe(400);
    const again = (await refused.text()).replace(/<!-- -->/g, "");
    expect(again).toContain(counterCheck.noCodeNote);
    expect(again).toMatch(/<input type="checkbox"[^>]*name="withoutCode" checked=""/);
    expect((await posted(p.id, { withoutCode: "on", note: "Driver Musa" })).status).toBe(200);
    expect(await eventsOf(p.id)).toEqual([{ status: "delivered", note: "Driver Musa (without the collection code)" }]);
  });
});
