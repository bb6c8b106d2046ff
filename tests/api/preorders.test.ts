// docs/product.md "Pre-orders": a product sold before it is in, with the Lagos day it ships from.
// The owner sets the day; shoppers read it on the product, its card, the cart and the checkout;
// the order's lines keep it, and a delivery date is never before it.
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, mailOutbox, products, purchaseItems } from "../../db/schema";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { beforeShipDay, deliveryDatePicker } from "../../modules/delivery/schedule.server";
import { shipsFromOf } from "../../modules/cart/service.server";
import { productChangeWords } from "../../modules/catalog/product-change-words";
import type { ProductChangeView } from "../../modules/catalog/types";
import { orderNumber } from "../../modules/orders/statuses";
import { getPurchaseByReference } from "../../modules/orders/views.server";
import { createAdminUser, createDeliveryRate, createProduct, createPurchase, createUser } from "../factories";
import { payGuestOrder, placeGuestOrder } from "../support/guest-order";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let owner: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext({ CACHE_TTL_MS: "0" });
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const today = () => lagosNow(new Date()).date;
const put = (id: string, json: Record<string, unknown>) =>
  t.page(`/api/products/${id}`, {
    method: "PUT",
    as: owner,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(json),
  });
const product = async (id: string) => (await (await t.page(`/api/products/${id}`)).json()) as { shipsFrom: string | null };
/** A Lagos wall-clock time as an instant. */
const lagos = (local: string) => new Date(`${local}:00+01:00`);

/** A delivery area of its own, ₦2,000; `dates` turns on its delivery dates. */
const area = (dates: Parameters<typeof createDeliveryRate>[1] = {}) =>
  createDeliveryRate(t.db, { lga: `Area ${crypto.randomUUID().slice(0, 6)}`, chargeKobo: 200_000, ...dates });

/** A guest's order of one unit each, placed at `now`, for an area that requires a delivery date. */
const place = (lga: string, productIds: string[], now: Date, extra: Record<string, unknown> = {}) =>
  placeGuestOrder(t.db, t.env, { lga, productIds, now, extra });

describe("pre-orders", () => {
  it("the owner sets the day it ships from (after today), clears it, and a passed day is kept through other changes", async () => {
    const p = await createProduct(t.db, { stock: 40 });
    const day = addDays(today(), 30);
    const set = await put(p.id, { shipsFrom: day });
    expect(set.status).toBe(200);
    expect((await set.json()).shipsFrom).toBe(day);
    expect((await product(p.id)).shipsFrom).toBe(day);

    for (const [shipsFrom, msg] of [
      [today(), "A pre-order's ship day must be after today"],
      [addDays(today(), -3), "A pre-order's ship day must be after today"],
      ["2027-02-30", "Ships from must be a date like 2027-01-15"],
      [15, "Ships from must be a date like 2027-01-15"],
    ] as const) {
      const res = await put(p.id, { shipsFrom });
      expect(res.status, String(shipsFrom)).toBe(400);
      expect((await res.json()).fields).toEqual({ shipsFrom: msg });
    }
    expect((await product(p.id)).shipsFrom).toBe(day);

    // blank clears it: in stock as any other
    expect((await put(p.id, { shipsFrom: "" })).status).toBe(200);
    expect((await product(p.id)).shipsFrom).toBeNull();

    // a day that has passed reads as in stock, and a change of the price alone keeps the row as it is
    await t.db
      .update(products)
      .set({ shipsFrom: addDays(today(), -1) })
      .where(eq(products.id, p.id));
    expect((await product(p.id)).shipsFrom).toBeNull();
    expect((await put(p.id, { price: 9000 })).status).toBe(200);
    const [row] = await t.db.select({ shipsFrom: products.shipsFrom }).from(products).where(eq(products.id, p.id));
    expect(row!.shipsFrom).toBe(addDays(today(), -1));

    // the product's history says who set and cleared the day; the refused saves and the price-only save keep it out
    const history = (await (await t.page(`/api/products/${p.id}/history`, { as: owner })).json()) as ProductChangeView[];
    expect(history.map((h) => h.changes)).toEqual([
      [{ field: "price", before: expect.any(Number), after: 9000 }],
      [{ field: "shipsFrom", before: day, after: null }],
      [{ field: "shipsFrom", before: null, after: day }],
    ]);
    expect(productChangeWords(history[2]!)).toBe(`Pre-order ships from none → ${shortDay(day)}`);
    expect(productChangeWords(history[1]!)).toBe(`Pre-order ships from ${shortDay(day)} → none`);
  });

  it("made a pre-order by the product form, and staff may set it as they keep the catalogue", async () => {
    const p = await createProduct(t.db);
    const day = addDays(today(), 10);
    const res = await t.page("/api/products/create", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "2027 Planner",
        price: 18000,
        description: "Week to a view",
        categoryId: p.categoryId,
        stock: 50,
        shipsFrom: day,
      }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: "2027 Planner", stock: 50, shipsFrom: day });
    const late = await t.page("/api/products/create", {
      method: "POST",
      as: owner,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Old Planner", price: 18000, description: "d", categoryId: p.categoryId, shipsFrom: today() }),
    });
    expect(late.status).toBe(400);
    expect((await late.json()).fields).toEqual({ shipsFrom: "A pre-order's ship day must be after today" });
  });

  it("shoppers read the day on the product's page, its card, the cart and the feed; link previews and search engines call it a pre-order", async () => {
    const day = addDays(today(), 20);
    const p = await createProduct(t.db, { title: "2027 Wall Calendar", stock: 30, shipsFrom: day });
    const page = (await (await t.page(`/productdetails/${p.id}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`Pre-order: ships from ${shortDay(day)}`);
    // delivery's days count from the ship day, not from her order
    expect(page).toMatch(
      new RegExp(`data-testid="delivery-note">Ships from ${shortDay(day)}, then delivered across Lagos from ₦[\\d,]+: Express in`),
    );
    expect(page).toContain('<meta property="product:availability" content="preorder"/>');
    expect(page).toContain('"availability":"https://schema.org/PreOrder"');
    expect(page).toContain(`"availabilityStarts":"${day}"`);
    const list = (await (await t.page(`/products?q=${encodeURIComponent("2027 Wall Calendar")}`)).text()).replace(/<!-- -->/g, "");
    expect(list).toMatch(/data-testid="pre-order"[^>]*>Pre-order</);

    const shopper = { id: (await createUser(t.db)).id, role: "customer" as const };
    const add = await t.page("/api/cart/create", {
      method: "POST",
      as: shopper,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productId: p.id, quantity: 1 }),
    });
    expect(add.status).toBe(201);
    const cart = await (await t.page(`/api/cart/user/${shopper.id}`, { as: shopper })).json();
    expect(cart.cartItems).toMatchObject([{ productId: p.id, shipsFrom: day }]);
    // a guest's cart, priced by the server, says the same
    const quote = await t.page("/api/cart/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ lines: [{ productId: p.id, quantity: 2 }] }),
    });
    expect((await quote.json()).cartItems).toMatchObject([{ productId: p.id, shipsFrom: day }]);

    const xml = await (await t.page("/feeds/products.xml")).text();
    const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!).find((i) => i.includes(p.id))!;
    expect(item).toContain("<g:availability>preorder</g:availability>");
    expect(item).toContain(`<g:availability_date>${day}T00:00+01:00</g:availability_date>`);
    // sold out, it is out of stock, not a pre-order
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, p.id));
    const after = (await (await t.page(`/productdetails/${p.id}`)).text()).replace(/<!-- -->/g, "");
    expect(after).toContain('"availability":"https://schema.org/OutOfStock"');
    expect(after).not.toContain("availabilityStarts");
  });

  it("an order keeps each line's day; it needs no date where the area requires one, and takes none before its day", async () => {
    const rate = await area({ dateMode: "required", leadDays: 1, cutoffHour: 14 });
    const now = lagos("2027-03-10T10:00");
    const planner = await createProduct(t.db, { title: "2027 Planner", stock: 20, shipsFrom: "2027-03-15" });
    const candle = await createProduct(t.db, { title: "Calm Candle", stock: 20, shipsFrom: null });

    // the day a cart or the order desk's lines ship from: the latest pre-order's, one still ahead
    const desk = await createProduct(t.db, { title: "2027 Desk Calendar", stock: 5, shipsFrom: "2027-03-20" });
    expect(await shipsFromOf(t.db, { productIds: [candle.id] }, now)).toBeNull();
    expect(await shipsFromOf(t.db, { productIds: [planner.id, candle.id] }, now)).toBe("2027-03-15");
    expect(await shipsFromOf(t.db, { productIds: [planner.id, desk.id] }, now)).toBe("2027-03-20");
    expect(await shipsFromOf(t.db, { productIds: [planner.id, desk.id] }, lagos("2027-03-16T09:00"))).toBe("2027-03-20");
    expect(await shipsFromOf(t.db, { productIds: [planner.id] }, lagos("2027-03-16T09:00"))).toBeNull();
    const shopper = await createUser(t.db);
    await t.db.insert(cartItems).values([
      { userId: shopper.id, productId: planner.id, quantity: 1 },
      { userId: shopper.id, productId: candle.id, quantity: 2 },
    ]);
    expect(await shipsFromOf(t.db, { userId: shopper.id }, now)).toBe("2027-03-15");

    // the picker offers 14 days from the 15th, none required; a day weeks ahead, 14 days from it
    const picker = (await deliveryDatePicker(t.db, rate.lga, now, "2027-03-15"))!;
    expect(picker.mode).toBe("optional");
    expect(picker.choices.map((c) => c.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays("2027-03-15", i)));
    expect(picker.choices.every((c) => c.available)).toBe(true);
    const far = (await deliveryDatePicker(t.db, rate.lga, now, "2027-05-01"))!;
    expect([far.choices[0]!.date, far.choices.at(-1)!.date]).toEqual(["2027-05-01", "2027-05-14"]);
    // without a pre-order, the area still asks for a date
    await expect(place(rate.lga, [candle.id], now)).rejects.toMatchObject({
      message: `Please choose a delivery date for ${rate.lga}.`,
    });

    await expect(place(rate.lga, [planner.id, candle.id], now, { deliveryDate: "2027-03-12" })).rejects.toMatchObject({
      message: beforeShipDay("2027-03-15"),
      fields: { deliveryDate: "Before your order ships" },
    });
    const undated = await place(rate.lga, [planner.id, candle.id], now);
    const lines = await t.db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, undated.row.id));
    expect(Object.fromEntries(lines.map((l) => [l.title, l.shipsFrom]))).toEqual({ "2027 Planner": "2027-03-15", "Calm Candle": null });
    const view = (await getPurchaseByReference(t.db, undated.row.reference))!;
    expect(view.items.find((i) => i.title === "2027 Planner")?.shipsFrom).toBe("2027-03-15");

    const dated = await place(rate.lga, [planner.id], now, { deliveryDate: "2027-03-16" });
    expect(dated.row.deliveryDate).toBe("2027-03-16");
    // a gift for the 26th, more than two weeks from today: within 14 days of the ship day
    const gift = await place(rate.lga, [planner.id], now, { deliveryDate: "2027-03-26" });
    expect(gift.row.deliveryDate).toBe("2027-03-26");
    await expect(place(rate.lga, [planner.id], now, { deliveryDate: "2027-03-29" })).rejects.toMatchObject({
      message: "Please choose one of the delivery dates offered.",
    });
    await expect(place(rate.lga, [candle.id], now, { deliveryDate: "2027-03-26" })).rejects.toMatchObject({
      message: "Please choose one of the delivery dates offered.",
    });

    // bought after its day, a line is in stock
    const later = await place(rate.lga, [planner.id], lagos("2027-03-15T09:00"), { deliveryDate: "2027-03-20" });
    const [line] = await t.db.select().from(purchaseItems).where(eq(purchaseItems.purchaseId, later.row.id));
    expect(line!.shipsFrom).toBeNull();
  });

  it("the checkout page offers a guest only the delivery dates from her pre-order's day, and says when it ships", async () => {
    const day = addDays(today(), 6);
    const planner = await createProduct(t.db, { title: "Mood Planner", stock: 20, shipsFrom: day });
    const rate = await area({ dateMode: "required", leadDays: 1, cutoffHour: 23 });
    const page = async (productId: string) =>
      (
        await (await t.page(`/checkout?lga=${encodeURIComponent(rate.lga)}`, { headers: { Cookie: `guest_cart=${productId}*1` } })).text()
      ).replace(/<!-- -->/g, "");
    const html = await page(planner.id);
    expect(html).toContain(`data-testid="date-${day}"`);
    expect(html).toContain(`data-testid="date-${addDays(day, 13)}"`);
    expect(html).not.toContain(`data-testid="date-${addDays(day, 14)}"`);
    expect(html).not.toContain(`data-testid="date-${addDays(today(), 2)}"`);
    expect(html).toContain(`Your order ships from ${shortDay(day)}`);
    // an in-stock product: the area's dates from its lead time
    const plain = await createProduct(t.db, { title: "Calm Tea", stock: 20, shipsFrom: null });
    const other = await page(plain.id);
    expect(other).toContain(`data-testid="date-${addDays(today(), 2)}"`);
    expect(other).not.toContain("Your order ships from");
  });

  it("her order's page and her mail say the day it ships from", async () => {
    const day = addDays(today(), 12);
    const planner = await createProduct(t.db, { title: "Gratitude Planner 2027", stock: 20, shipsFrom: day });
    const rate = await area();
    const placed = await place(rate.lga, [planner.id], new Date());
    const paid = await payGuestOrder(t.db, t.env, placed.row);
    expect(paid.outcome).toBe("completed");
    const page = await (await t.page(`/api/purchases/${placed.row.id}`, { as: owner })).json();
    expect(page.items[0]).toMatchObject({ title: "Gratitude Planner 2027", shipsFrom: day });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, placed.row.email));
    expect(mails.some((m) => m.text.includes(`1 × Gratitude Planner 2027 (pre-order: ships from ${shortDay(day)}):`))).toBe(true);
  });

  it("the orders list finds the orders to send when a pre-order comes in, until they are sent", async () => {
    const day = addDays(today(), 25);
    const planner = await createProduct(t.db, { title: "Undated Planner", stock: 20, shipsFrom: day });
    const candle = await createProduct(t.db, { title: "Lemongrass Candle", stock: 20, shipsFrom: null });
    const rate = await area();
    const paid = async (ids: string[]) => {
      const placed = await place(rate.lga, ids, new Date());
      await payGuestOrder(t.db, t.env, placed.row);
      return placed.row;
    };
    const mixed = await paid([planner.id, candle.id]);
    const plain = await paid([candle.id]);
    const list = async (query: string) =>
      (await (await t.page(`/api/purchases?${query}`, { as: owner })).json()) as { id: string; shipsFrom: string | null }[];

    const waiting = await list("preorder=1&pageSize=100");
    expect(waiting.map((r) => r.id)).toContain(mixed.id);
    expect(waiting.map((r) => r.id)).not.toContain(plain.id);
    expect(waiting.find((r) => r.id === mixed.id)?.shipsFrom).toBe(day);
    expect((await list(`preorder=1&q=${encodeURIComponent(mixed.email)}`)).map((r) => r.id)).toEqual([mixed.id]);
    expect((await list(`q=${encodeURIComponent(plain.email)}`))[0]?.shipsFrom).toBeNull();
    expect((await t.page("/api/purchases?preorder=yes", { as: owner })).status).toBe(400);

    // the screen: the chip, and the row's words
    const screen = (await (await t.page(`/purchasetable?preorder=1&q=${encodeURIComponent(mixed.email)}`, { as: owner })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(screen).toMatch(/<a[^>]*aria-current="page"[^>]*>Pre-orders<\/a>/);
    expect(screen).toContain(`pre-order, ships from ${shortDay(day)}`);

    // once it is on its way, it has left the list
    for (const status of ["processing", "shipped"])
      expect(
        (
          await t.page(`/api/purchases/${mixed.id}/status`, {
            method: "PATCH",
            as: owner,
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ status }),
          })
        ).status,
      ).toBe(200);
    expect((await list("preorder=1&pageSize=100")).map((r) => r.id)).not.toContain(mixed.id);
    expect((await list(`q=${encodeURIComponent(mixed.email)}`))[0]?.shipsFrom).toBeNull();
  });

  it("a moved day carries the orders waiting on it along, and tells each buyer who waits for hers", async () => {
    const day = addDays(today(), 10);
    const later = addDays(today(), 17);
    const planner = await createProduct(t.db, { title: "Undated Planner 2027", stock: 50, shipsFrom: day });
    const candle = await createProduct(t.db, { title: "Vanilla Candle", stock: 50, shipsFrom: null });
    const order = async (overrides: Parameters<typeof createPurchase>[3], items = [planner, candle]) =>
      createPurchase(
        t.db,
        await createUser(t.db),
        items.map((product) => ({ product, quantity: 1 })),
        overrides,
      );
    const paid = await order({ status: "completed", whatsappOptIn: true, phone: "08035550142" });
    const transfer = await order({ status: "pending", paidAt: null, paymentMethod: "transfer" });
    const dated = await order({ status: "processing", deliveryDate: addDays(today(), 12) });
    // an online checkout not paid follows the day, untold; a sent order keeps its own
    const unpaid = await order({ status: "pending", paidAt: null, paymentMethod: "online" });
    const sent = await order({ status: "shipped" });
    const plain = await order({ status: "completed" }, [candle]);
    const all = [paid, transfer, dated, unpaid, sent, plain];
    const days = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ id: purchaseItems.purchaseId, shipsFrom: purchaseItems.shipsFrom })
            .from(purchaseItems)
            .where(
              and(
                eq(purchaseItems.productId, planner.id),
                inArray(
                  purchaseItems.purchaseId,
                  all.map((p) => p.id),
                ),
              ),
            )
        ).map((l) => [l.id, l.shipsFrom]),
      );
    const told = async () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, "order_ship_day"),
            inArray(
              mailOutbox.to,
              all.map((p) => p.email),
            ),
          ),
        );

    // the product's form says whom a move would tell
    const form = async () => (await (await t.page(`/editproduct/${planner.id}`, { as: owner })).text()).replace(/<!-- -->/g, "");
    expect(await form()).toContain("Moving or clearing it tells the 3 buyers waiting for it, by mail (and WhatsApp when they asked).");

    // the printer is a week late
    expect((await put(planner.id, { shipsFrom: later })).status).toBe(200);
    expect(await days()).toEqual({ [paid.id]: later, [transfer.id]: later, [dated.id]: later, [unpaid.id]: later, [sent.id]: day });
    const mails = await told();
    expect(mails.map((m) => m.to).sort()).toEqual([paid.email, transfer.email, dated.email].sort());
    const to = (p: typeof paid) => mails.find((m) => m.to === p.email)!;
    expect(to(paid).subject).toBe(`Your Alafia Self-Care order #${orderNumber(paid.id)}: now ships from ${shortDay(later)}`);
    expect(to(paid).text).toContain(
      `The Undated Planner 2027 in your order #${orderNumber(paid.id)} now ships from ${shortDay(later)}. Your order goes out from ${longDay(later)}.`,
    );
    expect(to(paid).whatsapp).toMatchObject({
      template: "order_update",
      params: expect.arrayContaining([`now ships from ${shortDay(later)}`]),
    });
    expect(to(transfer).whatsapp).toBeNull();
    // her chosen delivery day now comes before it ships
    expect(to(dated).text).toContain(`You chose delivery on ${longDay(addDays(today(), 12))}, which is now before it ships.`);
    expect(to(paid).text).not.toContain("You chose delivery");
    // her order's page says the new day
    const view = (await getPurchaseByReference(t.db, paid.reference))!;
    expect(view.items.find((i) => i.title === "Undated Planner 2027")?.shipsFrom).toBe(later);

    // the same day saved again tells no one twice
    expect((await put(planner.id, { shipsFrom: later, price: 21000 })).status).toBe(200);
    expect(await told()).toHaveLength(3);

    // the stock came in early: cleared, the orders can go out today, and no one waits on a day any more
    expect((await put(planner.id, { shipsFrom: "" })).status).toBe(200);
    expect((await days())[paid.id]).toBe(today());
    const early = (await told()).filter((m) => m.to === paid.email && m.subject.endsWith("your pre-order is in"));
    expect(early).toHaveLength(1);
    expect(early[0]!.text).toContain("Undated Planner 2027 in your order");
    expect(early[0]!.text).toContain("is in: it ships from today. Your order can go out now.");
    expect(await form()).not.toContain("Moving or clearing it tells");
    // the order on its way kept its day throughout
    expect((await days())[sent.id]).toBe(day);
  });
});
