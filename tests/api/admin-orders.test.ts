import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, deliveryRates, mailOutbox, paymentDisputes, products, purchaseEvents, purchases, refunds } from "../../db/schema";
import {
  createAdminUser,
  createContactMessage,
  createDeliveryRate,
  createNewsletterSubscriber,
  createProduct,
  createPurchase,
  createUser,
} from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let adminRow: Awaited<ReturnType<typeof createAdminUser>>;
let admin: { id: string; role: "admin" };
let customerRow: Awaited<ReturnType<typeof createUser>>;
let customer: { id: string; role: "customer" };
beforeAll(async () => {
  t = await createTestContext();
  adminRow = await createAdminUser(t.db, { firstName: "Funke", lastName: "Admin" });
  admin = { id: adminRow.id, role: "admin" };
  customerRow = await createUser(t.db, { firstName: "Zainab", email: "zainab@example.ng" });
  customer = { id: customerRow.id, role: "customer" };
});

describe("GET /api/purchases (admin list)", () => {
  it("searches by name, email or status, filters by day and pages with X-Total-Count", async () => {
    const buyer = await createUser(t.db, { firstName: "Chiamaka", email: "chi@listing.ng" });
    const product = await createProduct(t.db);
    for (let i = 0; i < 7; i++)
      await createPurchase(t.db, buyer, [{ product, quantity: 1 }], {
        createdAt: new Date(`2026-03-0${i + 1}T10:00:00Z`),
        status: i === 0 ? "pending" : "completed",
      });
    let res = await t.request("/api/purchases?q=listing.ng&page=2&pageSize=5", { as: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("7");
    const page2 = await res.json();
    expect(page2).toHaveLength(2);
    expect(page2[0]).toMatchObject({ fname: "Chiamaka", email: "chi@listing.ng", discount: 0, status: "completed" });
    expect(typeof page2[0].totalAmount).toBe("number");
    res = await t.request("/api/purchases?q=chiamaka&from=2026-03-02&to=2026-03-04", { as: admin });
    expect(res.headers.get("X-Total-Count")).toBe("3");
    res = await t.request("/api/purchases?q=listing.ng&status=pending", { as: admin });
    expect(res.headers.get("X-Total-Count")).toBe("1");
    res = await t.request("/api/purchases?q=Pending", { as: admin });
    expect(Number(res.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).every((p: { status: string }) => p.status === "pending" || /pending/i.test(p.status))).toBe(true);
  });

  it("finds a purchase by the customer's last name, or the full name, and follows a changed last name", async () => {
    const buyer = await createUser(t.db, { firstName: "Ifeoma", lastName: "Okonkwo-Bassey", email: "ify@surname.ng" });
    const purchase = await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }]);
    for (const q of ["okonkwo-bassey", "Ifeoma Okonkwo"]) {
      const res = await t.request(`/api/purchases?q=${encodeURIComponent(q)}`, { as: admin });
      expect(res.headers.get("X-Total-Count"), q).toBe("1");
      expect((await res.json())[0], q).toMatchObject({ id: purchase.id, lname: "Okonkwo-Bassey" });
    }
    await t.db.update(purchases).set({ lastName: "Adeyemi" }).where(eq(purchases.id, purchase.id));
    expect((await t.request("/api/purchases?q=adeyemi", { as: admin })).headers.get("X-Total-Count")).toBe("1");
    expect((await t.request("/api/purchases?q=bassey", { as: admin })).headers.get("X-Total-Count")).toBe("0");
  });

  it("finds a purchase by the buyer's number however she typed it and however the order keeps it, and follows a changed number", async () => {
    const product = await createProduct(t.db);
    const halima = await createUser(t.db, { firstName: "Halima", email: "halima7@phone-search.ng" });
    const kelechi = await createUser(t.db, { firstName: "Kelechi", email: "kelechi@phone-search.ng" });
    // checkout keeps +234 and ten digits; an older order keeps the number as it was typed
    const a = await createPurchase(t.db, halima, [{ product, quantity: 1 }], { phone: "+2348035550142" });
    const b = await createPurchase(t.db, kelechi, [{ product, quantity: 1 }], { phone: "08097771234" });
    const found = async (q: string) => {
      const res = await t.request(`/api/purchases?q=${encodeURIComponent(q)}`, { as: admin });
      expect(res.status, q).toBe(200);
      return ((await res.json()) as { id: string }[]).map((p) => p.id);
    };
    for (const q of ["0803 555 0142", "+234 803 555 0142", "08035550142", "555 0142"]) expect(await found(q), q).toEqual([a.id]);
    for (const q of ["0809 777 1234", "+2348097771234", "(0809) 777-1234"]) expect(await found(q), q).toEqual([b.id]);
    // an email is searched as text: its 7 does not find every number with a 7
    expect(await found("halima7@phone-search.ng")).toEqual([a.id]);
    await t.db.update(purchases).set({ phone: "+2348021112222" }).where(eq(purchases.id, a.id));
    expect(await found("0803 555 0142")).toEqual([]);
    expect(await found("0802 111 2222")).toEqual([a.id]);
  });

  it("names a bad query parameter", async () => {
    const res = await t.request("/api/purchases?from=yesterday", { as: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.from).toBeTruthy();
    expect((await t.request("/api/purchases?status=lost", { as: admin })).status).toBe(400);
  });

  it("exports the filtered list as CSV", async () => {
    const res = await t.request("/api/purchases/export.csv?q=listing.ng&status=pending", { as: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/csv/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"chi@listing.ng"');
  });

  it("exports a phone as it is kept (+234…), ready to paste into WhatsApp: no formula guard in front of it", async () => {
    const buyer = await createUser(t.db, { email: "tolu@phones.ng" });
    await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }], { phone: "+2347052223333" });
    const res = await t.request("/api/purchases/export.csv?q=phones.ng", { as: admin });
    const [, row] = (await res.text()).trim().split("\r\n");
    expect(row).toContain('"+2347052223333"');
    expect(row).not.toContain("'+234");
  });

  it("says how and when each order goes out: its delivery, day and window", async () => {
    const buyer = await createUser(t.db, { email: "ada@dated.ng" });
    await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }], {
      deliveryMethod: "express",
      deliveryDate: "2027-02-13",
      deliveryWindow: "9 am – 12 pm",
    });
    await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }], { deliveryMethod: "pickup" });
    const [header, ...rows] = (await (await t.request("/api/purchases/export.csv?q=dated.ng&sort=oldest", { as: admin })).text())
      .trim()
      .split("\r\n");
    expect(header).toMatch(/"totalAmountNGN","deliveryMethod","deliveryDate","deliveryWindow"$/);
    expect(rows[0]).toMatch(/,"express","2027-02-13","9 am – 12 pm"$/);
    expect(rows[1]).toMatch(/,"pickup","",""$/);
  });

  it("writes each order's time as Lagos reads it, the day the list's date filter puts it on", async () => {
    const buyer = await createUser(t.db, { email: "late@nightowl.ng" });
    await createPurchase(t.db, buyer, [{ product: await createProduct(t.db), quantity: 1 }], {
      createdAt: new Date("2026-12-04T23:30:00Z"),
    });
    const [, row] = (await (await t.request("/api/purchases/export.csv?q=nightowl.ng", { as: admin })).text()).trim().split("\r\n");
    expect(row).toContain('"2026-12-05 00:30"');
    const listed = await (await t.request("/api/purchases?q=nightowl.ng&from=2026-12-05&to=2026-12-05", { as: admin })).json();
    expect(listed).toHaveLength(1);
  });

  it("is for admins only", async () => {
    expect((await t.request("/api/purchases")).status).toBe(401);
    expect((await t.request("/api/purchases", { as: customer })).status).toBe(403);
    expect((await t.request("/api/purchases/export.csv", { as: customer })).status).toBe(403);
  });
});

describe("GET /api/purchases/{id}", () => {
  it("shows the stored breakdown, items and payment to an admin and to the owner only", async () => {
    const product = await createProduct(t.db, { priceKobo: 1_000_000 });
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 2 }], { transactionId: "TX-123" });
    const res = await t.request(`/api/purchases/${p.id}`, { as: admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: p.id,
      subtotal: 20000,
      vat: 1500,
      deliveryCharge: 2000,
      totalAmount: 23500,
      transactionId: "TX-123",
      paymentProvider: "sandbox",
    });
    expect(body.items).toEqual([expect.objectContaining({ title: product.title, quantity: 2, totalPrice: 20000 })]);
    expect((await t.request(`/api/purchases/${p.id}`, { as: customer })).status).toBe(200);
    const other = await createUser(t.db);
    expect((await t.request(`/api/purchases/${p.id}`, { as: { id: other.id, role: "customer" } })).status).toBe(404);
    expect((await t.request(`/api/purchases/${p.id}`)).status).toBe(401);
    expect((await t.request(`/api/purchases/${crypto.randomUUID()}`, { as: admin })).status).toBe(404);
    expect((await t.request(`/api/purchases/not-an-id`, { as: admin })).status).toBe(404);
  });

  it("answers the same names and meanings as the shopper's list and the admin table: fname, and discount as naira saved", async () => {
    const buyer = await createUser(t.db, { firstName: "Obioma", lastName: "Eze", email: "obioma@one-shape.ng" });
    // a sale price of ₦8,000 on a ₦10,000 product, two bought: ₦4,000 saved
    const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 800_000 });
    const p = await createPurchase(t.db, buyer, [{ product, quantity: 2 }], { status: "completed", paidAt: new Date() });
    const owner = { id: buyer.id, role: "customer" as const };
    const byId = await (await t.request(`/api/purchases/${p.id}`, { as: owner })).json();
    const [mine] = await (await t.request("/api/purchases/mine", { as: owner })).json();
    const [row] = await (await t.request("/api/purchases?q=one-shape.ng", { as: admin })).json();
    const same = { id: p.id, fname: "Obioma", lname: "Eze", email: "obioma@one-shape.ng", discount: 4000, totalAmount: byId.totalAmount };
    for (const shape of [byId, mine, row]) expect(shape).toMatchObject(same);
    // a line's discount is its sale price, as on the product
    expect(byId.items).toEqual([expect.objectContaining({ price: 10000, discount: 8000, quantity: 2, totalPrice: 16000 })]);
    expect(mine.items).toEqual(byId.items);
    for (const shape of [byId, mine, row]) {
      expect(shape).not.toHaveProperty("firstName");
      expect(shape).not.toHaveProperty("discountAmount");
    }
    // the back office's own are not in her answer: the order's history with the team's notes and
    // names, what else her number has paid for, her refused deliveries, a pick-up's reminder
    for (const own of ["events", "otherPaidOrders", "refusedDeliveries", "collectRemindedAt", "updatedAt"])
      expect(byId, own).not.toHaveProperty(own);
    // the team reads them on the same order
    const forTeam = await (await t.request(`/api/purchases/${p.id}`, { as: admin })).json();
    expect(forTeam.events).toEqual(expect.any(Array));
    expect(forTeam.otherPaidOrders).toEqual({ count: expect.any(Number), total: expect.any(Number), refunded: expect.any(Number) });
    expect(forTeam.collectRemindedAt).toBeNull();
    // her list adds only how she can still pay an order (docs/product.md "My orders"): nothing, once paid
    const { toPay, ...listed } = mine;
    expect(toPay).toBeNull();
    expect(byId).toEqual(listed);
  });
});

describe("PATCH /api/purchases/{id}/status", () => {
  it("moves completed → processing → shipped → delivered, recording each change and mailing the customer", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 1 }]);
    for (const status of ["processing", "shipped", "delivered"] as const) {
      const res = await t.request(`/api/purchases/${p.id}/status`, { method: "PATCH", as: admin, json: { status } });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe(status);
    }
    const events = await t.db.select().from(purchaseEvents).where(eq(purchaseEvents.purchaseId, p.id));
    expect(events.map((e) => e.status)).toEqual(["processing", "shipped", "delivered"]);
    expect(events.every((e) => e.actorId === admin.id && e.createdAt instanceof Date)).toBe(true);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "zainab@example.ng"));
    expect(mails.map((m) => m.kind).sort()).toEqual(["order_delivered", "order_processing", "order_shipped"]);
    expect(mails.find((m) => m.kind === "order_shipped")!.subject).toContain(p.id.slice(0, 8));
    const detail = await (await t.request(`/api/purchases/${p.id}`, { as: admin })).json();
    expect(detail.events[1]).toMatchObject({ status: "shipped", actorName: "Funke Admin" });
  });

  it("refuses skipping a step or going back (409 naming the field)", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 1 }]);
    const res = await t.request(`/api/purchases/${p.id}/status`, { method: "PATCH", as: admin, json: { status: "delivered" } });
    expect(res.status).toBe(409);
    expect((await res.json()).fields.status).toBe("Not allowed from completed");
    expect((await t.request(`/api/purchases/${p.id}/status`, { method: "PATCH", as: admin, json: { status: "paid" } })).status).toBe(400);
  });

  it("cancelling releases the stock of every line", async () => {
    const a = await createProduct(t.db, { stock: 4 });
    const b = await createProduct(t.db, { stock: 0 });
    const p = await createPurchase(
      t.db,
      customerRow,
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 3 },
      ],
      { status: "processing" },
    );
    const res = await t.request(`/api/purchases/${p.id}/status`, {
      method: "PATCH",
      as: admin,
      json: { status: "cancelled", note: "Out of wrapping paper" },
    });
    expect(res.status).toBe(200);
    const stock = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
    expect(await stock(a.id)).toBe(6);
    expect(await stock(b.id)).toBe(3);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_cancelled"));
    expect(mail!.text).toContain("Out of wrapping paper");
    expect((await t.request(`/api/purchases/${p.id}/status`, { method: "PATCH", as: admin, json: { status: "cancelled" } })).status).toBe(
      409,
    );
  });

  it("is for admins only; 404 for a missing purchase", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 1 }]);
    expect(
      (await t.request(`/api/purchases/${p.id}/status`, { method: "PATCH", as: customer, json: { status: "processing" } })).status,
    ).toBe(403);
    expect(
      (await t.request(`/api/purchases/${crypto.randomUUID()}/status`, { method: "PATCH", as: admin, json: { status: "processing" } }))
        .status,
    ).toBe(404);
  });
});

describe("DELETE /api/purchases/{id}", () => {
  it("deletes for an admin only", async () => {
    const product = await createProduct(t.db);
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 1 }], { status: "pending" });
    expect((await t.request(`/api/purchases/${p.id}`, { method: "DELETE", as: customer })).status).toBe(403);
    expect((await t.request(`/api/purchases/${p.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(await t.db.select().from(purchases).where(eq(purchases.id, p.id))).toHaveLength(0);
    expect((await t.request(`/api/purchases/${p.id}`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it.each([
    ["pending", true],
    ["cancelled", false],
  ] as const)("an unpaid %s order is deleted, giving its stock back as a cancel would: %s", async (status, givesBack) => {
    // the factory does not reserve: the stock below is what is left after the order took its units
    const a = await createProduct(t.db, { stock: 4 });
    const b = await createProduct(t.db, { stock: 0 });
    const p = await createPurchase(
      t.db,
      customerRow,
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 3 },
      ],
      { status },
    );
    expect((await t.request(`/api/purchases/${p.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    const stock = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
    expect([await stock(a.id), await stock(b.id)]).toEqual(givesBack ? [6, 3] : [4, 0]);
  });

  const refunded = async (p: { id: string; totalKobo: number }) => {
    await t.db
      .insert(refunds)
      .values({ purchaseId: p.id, amountKobo: p.totalKobo, status: "processed", provider: "manual", reference: `RF-${p.id}` });
  };
  it.each([
    ["completed", "paid", {}],
    ["delivered", "paid", {}],
    ["cancelled", "paid, then cancelled", { paidAt: new Date() }],
    // any refund row keeps it, whatever its payment record says
    ["cancelled", "refunded", { paidAt: null }],
    ["pending", "disputed", {}],
  ] as const)("a %s order that was %s is kept: 409, and nothing changes", async (status, how, extra) => {
    const product = await createProduct(t.db, { stock: 4 });
    const p = await createPurchase(t.db, customerRow, [{ product, quantity: 2 }], { status, ...extra });
    if (how === "refunded") await refunded(p);
    if (how === "disputed")
      await t.db
        .insert(paymentDisputes)
        .values({ purchaseId: p.id, providerDisputeId: `D-${p.id}`, amountKobo: p.totalKobo, status: "pending" });
    const before = await t.db.select().from(purchases).where(eq(purchases.id, p.id));
    const res = await t.request(`/api/purchases/${p.id}`, { method: "DELETE", as: admin });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ msg: "A paid order cannot be deleted: cancel or refund it instead.", code: "conflict" });
    expect(await t.db.select().from(purchases).where(eq(purchases.id, p.id))).toEqual(before);
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, p.id))).toHaveLength(how === "refunded" ? 1 : 0);
    expect((await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(4);
  });

  it("the list offers the bin only for orders that hold no money", async () => {
    const buyer = await createUser(t.db, { email: "bins@kept.ng" });
    const product = await createProduct(t.db);
    const unpaid = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "pending" });
    const paid = await createPurchase(t.db, buyer, [{ product, quantity: 1 }]);
    const refundedOne = await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "cancelled", paidAt: new Date() });
    await refunded(refundedOne);
    const rows: { id: string; deletable: boolean }[] = await (await t.request("/api/purchases?q=bins@kept.ng", { as: admin })).json();
    const deletable = Object.fromEntries(rows.map((r) => [r.id, r.deletable]));
    expect(deletable).toEqual({ [unpaid.id]: true, [paid.id]: false, [refundedOne.id]: false });
  });

  it("a pending order placed at checkout and then deleted leaves the stock as before the order", async () => {
    const product = await createProduct(t.db, { stock: 5 });
    const buyer = await createUser(t.db);
    await t.db.insert(cartItems).values({ userId: buyer.id, productId: product.id, quantity: 2 });
    const placed = await t.request("/api/purchases/create", {
      method: "POST",
      as: buyer,
      json: { street: "1 Marina", city: "Lagos", state: "Lagos", phone: "08031234567", deliveryMethod: "standard" },
    });
    const { purchase } = await placed.json();
    const stock = async () => (await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock;
    expect(await stock()).toBe(3);
    expect((await t.request(`/api/purchases/${purchase.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect(await stock()).toBe(5);
  });
});

describe("delivery rates write API", () => {
  it("creates, updates and deletes an LGA rate in naira", async () => {
    let res = await t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "Yaba", deliveryCharge: 1500 } });
    expect(res.status).toBe(201);
    const rate = await res.json();
    expect(rate).toMatchObject({ lga: "Yaba", deliveryCharge: 1500 });
    expect((await t.db.select().from(deliveryRates).where(eq(deliveryRates.id, rate.id)))[0]!.chargeKobo).toBe(150_000);
    res = await t.request(`/api/deliveryrates/${rate.id}`, { method: "PUT", as: admin, json: { lga: "Yaba", deliveryCharge: 1800 } });
    expect(await res.json()).toMatchObject({ deliveryCharge: 1800 });
    expect((await t.request(`/api/deliveryrates/${rate.id}`, { method: "DELETE", as: admin })).status).toBe(200);
    expect((await t.request(`/api/deliveryrates/${rate.id}`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it("names the field: name required, charge a number ≥ 0 in steps of 100, LGA unique", async () => {
    let res = await t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "", deliveryCharge: -100 } });
    expect((await res.json()).fields).toEqual({ lga: "LGA Name is required", deliveryCharge: "Delivery Charge must be 0 or more" });
    res = await t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "Ojo", deliveryCharge: 150 } });
    expect((await res.json()).fields.deliveryCharge).toBe("Delivery Charge must be in steps of ₦100");
    res = await t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "Ojo", deliveryCharge: "abc" } });
    expect((await res.json()).fields.deliveryCharge).toBe("Delivery Charge must be a number");
    await createDeliveryRate(t.db, { lga: "Surulere" });
    res = await t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "surulere", deliveryCharge: 100 } });
    expect(res.status).toBe(409);
    expect((await res.json()).fields.lga).toBeTruthy();
  });

  it("two simultaneous creates of one LGA: one is created, the other is a 409 naming the field (never a 500)", async () => {
    const create = () =>
      t.request("/api/deliveryrates/create", { method: "POST", as: admin, json: { lga: "Agege", deliveryCharge: 1000 } });
    const results = await Promise.all([create(), create(), create()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const res of results.filter((r) => r.status === 409))
      expect((await res.json()).fields).toEqual({ lga: expect.stringMatching(/already has a delivery rate/) });
  });

  it("is for admins only; 404 on a missing rate", async () => {
    const rate = await createDeliveryRate(t.db);
    expect((await t.request("/api/deliveryrates/create", { method: "POST", json: { lga: "A", deliveryCharge: 0 } })).status).toBe(401);
    expect(
      (await t.request(`/api/deliveryrates/${rate.id}`, { method: "PUT", as: customer, json: { lga: "A", deliveryCharge: 0 } })).status,
    ).toBe(403);
    expect(
      (await t.request(`/api/deliveryrates/${crypto.randomUUID()}`, { method: "PUT", as: admin, json: { lga: "A", deliveryCharge: 0 } }))
        .status,
    ).toBe(404);
  });
});

describe("settings API", () => {
  it("reads and updates store settings (admin only), naming bad fields", async () => {
    expect((await t.request("/api/settings", { as: customer })).status).toBe(403);
    let res = await t.request("/api/settings", { as: admin });
    expect(await res.json()).toMatchObject({ vatRate: 0.075, standardDeliveryFee: 2000, expressSurcharge: 3000 });
    res = await t.request("/api/settings", { method: "PUT", as: admin, json: { shopName: "Alafia", vatRate: 0.08 } });
    expect(await res.json()).toMatchObject({ shopName: "Alafia", vatRate: 0.08 });
    res = await t.request("/api/settings", { method: "PUT", as: admin, json: { contactEmail: "nope" } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.contactEmail).toBeTruthy();
    expect((await t.request("/api/settings", { method: "PUT", as: admin, json: { secret: 1 } })).status).toBe(400);
  });

  it("exports newsletter subscribers and contact messages as CSV", async () => {
    await createNewsletterSubscriber(t.db, { email: "sub@example.ng" });
    await createContactMessage(t.db, { name: "Ada", message: "=cmd|' /C calc'!A0" });
    let res = await t.request("/api/settings/subscribers.csv", { as: admin });
    expect(await res.text()).toContain('"sub@example.ng"');
    res = await t.request("/api/settings/messages.csv", { as: admin });
    const text = await res.text();
    expect(text).toContain(`"'=cmd|' /C calc'!A0"`);
    expect((await t.request("/api/settings/messages.csv", { as: customer })).status).toBe(403);
  });
});
