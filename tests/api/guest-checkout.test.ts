// Guest checkout (docs/product.md "Guest checkout"): no account needed; the same pricing, stock
// holds and idempotency as a signed-in shopper; the order opens from its signed link only; guest
// orders join the account of their email once it is proven; 'Save my details' makes one.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, products, purchases, users } from "../../db/schema";
import { verifyAndComplete } from "../../modules/orders/completion.server";
import { orderForViewer } from "../../modules/orders/order-access.server";
import { orderViewToken } from "../../modules/orders/order-links.server";
import { recordSandboxDecision, sandboxProvider } from "../../modules/payments/sandbox.server";
import { createDeliveryRate, createProduct, createUser, DEFAULT_PASSWORD } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await createDeliveryRate(t.db, { lga: "Surulere", chargeKobo: 250_000 });
});

const email = () => `guest.${crypto.randomUUID().slice(0, 8)}@example.ng`;
const order = (lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  name: "Ada Obi-Nwosu",
  email: email(),
  phone: "0803 555 0142",
  street: "4 Bode Thomas Street",
  city: "Surulere",
  lga: "surulere",
  lines,
  ...extra,
});
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const rowOf = async (id: string) => (await t.db.select().from(purchases).where(eq(purchases.id, id)))[0]!;
const mailsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.kind);

async function guestBuys(extra: Record<string, unknown> = {}, quantity = 2) {
  const product = await createProduct(t.db, { priceKobo: 1_000_000, discountKobo: 0, stock: 10 });
  const body = order([{ productId: product.id, quantity }], extra);
  const res = await t.request("/api/purchases/create", { method: "POST", json: body });
  expect(res.status).toBe(201);
  return { product, body, started: await res.json() };
}

async function pay(reference: string) {
  await recordSandboxDecision(t.db, reference, "pay");
  return verifyAndComplete(t.db, sandboxProvider(t.db, t.env.SESSION_SECRET), reference, { links: t.env });
}

describe("a guest buys without an account", () => {
  it("priced by the server from the database, stock held, the buyer is the contact, the phone kept in one form", async () => {
    const { product, body, started } = await guestBuys();
    expect(started.purchase).toMatchObject({
      userId: null,
      fname: "Ada",
      lname: "Obi-Nwosu",
      email: body.email,
      phone: "+2348035550142",
      lga: "Surulere",
      status: "pending",
      paymentMethod: "online",
      subtotal: 20_000,
      vat: 1_500,
      deliveryCharge: 2_500,
      totalAmount: 24_000,
    });
    expect(await stockOf(product.id)).toBe(8);
    expect(started.orderUrl).toBe(`/checkout/complete?reference=${started.reference}&t=${orderViewToken(t.env, started.purchase.id)}`);
    const paid = await pay(started.reference);
    expect(paid.outcome).toBe("completed");
    expect(await mailsTo(body.email)).toEqual(["order_confirmation"]);
    const confirmation = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email)))[0]!;
    // every order mail links to the order, which she opens without an account
    expect(confirmation.text).toContain(`http://localhost:3000${started.orderUrl}`);
  });

  it("names what is missing or wrong: name, email, a Nigerian phone number, a cart", async () => {
    const res = await t.request("/api/purchases/create", {
      method: "POST",
      json: order([], { name: "", email: "not-an-email", phone: "+44 20 7946 0958" }),
    });
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(fields.phone).toBe("Enter a Nigerian phone number, like 0803 555 0142");
    const missing = await t.request("/api/purchases/create", { method: "POST", json: order([], { name: undefined, email: "x" }) });
    expect((await missing.json()).fields).toEqual({
      name: expect.any(String),
      email: "Enter a valid email address",
      lines: "Your cart is empty.",
    });
  });

  it("the same Idempotency-Key answers the same order once; stock is taken once", async () => {
    const product = await createProduct(t.db, { stock: 5 });
    const body = order([{ productId: product.id, quantity: 1 }]);
    const headers = { "Idempotency-Key": `guest-${crypto.randomUUID()}` };
    const answers = await Promise.all([1, 2, 3].map(() => t.request("/api/purchases/create", { method: "POST", json: body, headers })));
    const refs = new Set(await Promise.all(answers.map(async (a) => (await a.json()).reference)));
    expect(refs.size).toBe(1);
    expect(await stockOf(product.id)).toBe(4);
  });

  it("RACE: 12 guests for the last 3 units: exactly 3 orders, the others a clean 409, stock never below 0", async () => {
    const product = await createProduct(t.db, { stock: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request("/api/purchases/create", { method: "POST", json: order([{ productId: product.id, quantity: 1 }]), ip: `10.1.0.${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await stockOf(product.id)).toBe(0);
  });

  it("her order opens with its signed link; anyone else, or another order's link, finds nothing", async () => {
    const { started } = await guestBuys();
    const mine = await guestBuys();
    const token = orderViewToken(t.env, started.purchase.id);
    expect((await orderForViewer(t.db, t.env, started.reference, { user: null, token })).id).toBe(started.purchase.id);
    await expect(orderForViewer(t.db, t.env, started.reference, { user: null })).rejects.toMatchObject({ kind: "not_found" });
    const otherToken = orderViewToken(t.env, mine.started.purchase.id);
    await expect(orderForViewer(t.db, t.env, started.reference, { user: null, token: otherToken })).rejects.toMatchObject({
      kind: "not_found",
    });
    const stranger = await createUser(t.db);
    await expect(orderForViewer(t.db, t.env, started.reference, { user: stranger })).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("guest orders and accounts", () => {
  it("'Save my details': once paid, an account is made with the order in it and a link to set its password", async () => {
    const { body, started } = await guestBuys({ saveDetails: true });
    const [before] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(before).toBeUndefined();
    await pay(started.reference);
    const [account] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(account).toMatchObject({ firstName: "Ada", lastName: "Obi-Nwosu", phone: "+2348035550142", lga: "Surulere", role: "customer" });
    expect((await rowOf(started.purchase.id)).userId).toBe(account!.id);
    const ready = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email))).find((m) => m.kind === "account_ready")!;
    const token = /resetpassword\?token=([\w-]+)/.exec(ready.text)![1]!;
    // nobody signs in before the link is used
    const early = await t.request("/api/auth/login", { method: "POST", json: { email: body.email, password: "!unset" } });
    expect(early.status).toBe(401);
    const set = await t.request("/api/auth/reset-password", { method: "POST", json: { token, password: "Calm-and-kind-2026" } });
    expect(set.status).toBe(200);
    const login = await t.request("/api/auth/login", { method: "POST", json: { email: body.email, password: "Calm-and-kind-2026" } });
    const { accessToken } = await login.json();
    const mine = await (await t.request("/api/purchases/mine", { headers: { Authorization: `Bearer ${accessToken}` } })).json();
    expect(mine.map((p: { id: string }) => p.id)).toEqual([started.purchase.id]);
  });

  it("without the tick, no account is made", async () => {
    const { body, started } = await guestBuys();
    await pay(started.reference);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it("joins the account signed up later with the same email once she proves the email, logged in to it; not before", async () => {
    const { body, started } = await guestBuys();
    await pay(started.reference);
    const reg = await t.request("/api/auth/register", {
      method: "POST",
      json: { firstName: "Ada", lastName: "Obi", email: body.email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(reg.status).toBe(201);
    const [account] = await t.db.select().from(users).where(eq(users.email, body.email));
    // signing up with her email is not proof: anyone could
    expect((await rowOf(started.purchase.id)).userId).toBeNull();
    const proof = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email))).find((m) => m.kind === "prove_email")!;
    const link = new URL(/http\S+verifyemail\S+/.exec(proof.text)![0]);
    const forged = new URL(link);
    forged.searchParams.set("t", "x".repeat(32));
    const { proveEmail, linkKeys } = await import("../../modules/accounts/email-proof.server");
    const q = (u: URL) => ({ u: u.searchParams.get("u")!, e: Number(u.searchParams.get("e")), t: u.searchParams.get("t")! });
    await expect(proveEmail(t.db, linkKeys(t.env), q(forged), account!)).rejects.toMatchObject({ kind: "invalid" });
    // the link proves the email only for the account it was made for, logged in (tests/api/email-proof.test.ts)
    await expect(proveEmail(t.db, linkKeys(t.env), q(link), null)).rejects.toMatchObject({ kind: "unauthorized" });
    await expect(proveEmail(t.db, linkKeys(t.env), q(link), await createUser(t.db))).rejects.toMatchObject({ kind: "forbidden" });
    expect((await rowOf(started.purchase.id)).userId).toBeNull();
    await proveEmail(t.db, linkKeys(t.env), q(link), account!);
    expect((await rowOf(started.purchase.id)).userId).toBe(account!.id);
  });

  it("an order paid as a guest with a proven account's email joins it at once; a later login picks up any others", async () => {
    const owner = await createUser(t.db, { email: email(), emailVerifiedAt: new Date() });
    const first = await guestBuys({ email: owner.email });
    await pay(first.started.reference);
    expect((await rowOf(first.started.purchase.id)).userId).toBe(owner.id);
    // an unpaid guest order of hers joins at her next login
    const second = await guestBuys({ email: owner.email, paymentMethod: "pay_link" });
    expect((await rowOf(second.started.purchase.id)).userId).toBeNull();
    const login = await t.request("/api/auth/login", { method: "POST", json: { email: owner.email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await rowOf(second.started.purchase.id)).userId).toBe(owner.id);
  });
});
