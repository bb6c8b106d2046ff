import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createCartItem, createProduct, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import type { Role } from "../../modules/accounts/roles";

// Absolute links (reset and welcome mails, the payment provider's callback) are built from
// configuration only: PUBLIC_URL, else http://localhost:PORT. A request naming another Host
// (anyone can send one to a server reached directly) never puts its address in them.
const forged = "http://evil.example";
const post = (t: TestContext, path: string, json: unknown, as?: { id: string; role: Role }) =>
  t.request(`${forged}${path}`, { method: "POST", json, as, headers: { Origin: forged } });
const mailTo = async (t: TestContext, email: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]!;

// a fake Paystack that remembers the callback_url it was given
const callbacks: string[] = [];
const fake = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const { reference, callback_url } = JSON.parse(body || "{}");
    callbacks.push(callback_url);
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        status: true,
        data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: "a", reference },
      }),
    );
  });
});
let paystackBase: string;
beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
  paystackBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => fake.close(() => r())));

describe.each([
  ["without PUBLIC_URL", { PUBLIC_URL: "", PORT: "4123" }, "http://localhost:4123"],
  ["with PUBLIC_URL", { PUBLIC_URL: "https://alafia.example/" }, "https://alafia.example"],
])("%s", (_name, overrides, origin) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      ...overrides,
      PAYMENT_PROVIDER: "paystack",
      PAYSTACK_SECRET_KEY: "sk_test_x",
      PAYSTACK_API_BASE: paystackBase,
    });
  });

  it(`the reset link names ${origin}, whatever Host the request names`, async () => {
    const user = await createUser(t.db);
    expect((await post(t, "/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    const mail = await mailTo(t, user.email);
    expect(mail.text).toMatch(new RegExp(`^${origin.replace(/\./g, "\\.")}/resetpassword\\?token=[\\w-]+$`, "m"));
    expect(mail.text).not.toContain("evil.example");
  });

  it(`the welcome mail links to ${origin}/`, async () => {
    const email = `welcome-${Math.random().toString(36).slice(2)}@example.ng`;
    const res = await post(t, "/api/auth/register", { firstName: "Ada", lastName: "Obi", email, password: "Sunshine-2026" });
    expect(res.status).toBe(201);
    const mail = await mailTo(t, email);
    expect(mail.text).toContain(`${origin}/`);
    expect(mail.text).not.toContain("evil.example");
  });

  it(`the payment provider sends the shopper back to ${origin}/checkout/complete`, async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: 5 });
    await createCartItem(t.db, user.id, product.id, 1);
    callbacks.length = 0;
    const address = { street: "3 Awolowo Road", city: "Ikoyi", state: "Lagos", phone: "08031234567" };
    const res = await post(t, "/api/purchases/create", address, user);
    expect(res.status).toBe(201);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatch(new RegExp(`^${origin.replace(/\./g, "\\.")}/checkout/complete\\?reference=`));
  });
});
