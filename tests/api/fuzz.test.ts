import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdminUser,
  createBlogPost,
  createCartItem,
  createCategory,
  createDeliveryRate,
  createDiscountCode,
  createProduct,
  createPurchase,
  createUser,
} from "../factories";
import { hostileForm, hostileMultipart, hostileQuery, leaksStack, mutateBody, randomBody } from "../support/fuzz";
import { fuzzSeed, Rng, Tally } from "../support/fuzz-rng";
import { badId, hostileValue, malformedJson, nestedJson } from "../support/fuzz-values";
import { createTestContext, type TestContext } from "../support/test-app";

// Hostile requests to every /api route, as anonymous, customer and admin: malformed and
// deeply nested JSON, wrong types, NUL characters, huge and negative numbers, odd dates,
// long strings, unknown fields, bad ids, bad multipart. None may answer 500 or show a stack
// trace, and the server must still be healthy at the end. The routes come from the Hono
// router itself, so a new route is fuzzed without touching this file.
//
// Seeded: the seed is printed; FUZZ_SEED=<seed> replays a run. FUZZ_REQUESTS sets the count.
const SEED = fuzzSeed();
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const WEBHOOK_SECRET = "sk_test_fuzz_secret_0123456789";

type Role = "anonymous" | "customer" | "admin";
type Route = { method: string; path: string };
type Sent = { role: Role; kind: string; method: string; path: string; body: string; status: number; answer: string };

let t: TestContext;
const ids: Record<string, string[]> = {};
const users: Record<Exclude<Role, "anonymous">, { id: string; role: "customer" | "admin" | "staff" }> = {} as never;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  // the webhook checks signatures with this key, so signed hostile events reach the order code;
  // payments stay in the sandbox and nothing leaves the machine
  t = await createTestContext({
    PAYSTACK_SECRET_KEY: WEBHOOK_SECRET,
    WHATSAPP_APP_SECRET: WEBHOOK_SECRET,
    WHATSAPP_VERIFY_TOKEN: "fuzz-verify",
    PAYMENT_PROVIDER: "sandbox",
    PAYSTACK_API_BASE: "http://127.0.0.1:9",
  });
  const customer = await createUser(t.db);
  const admin = await createAdminUser(t.db);
  users.customer = { id: customer.id, role: "customer" };
  users.admin = { id: admin.id, role: "admin" };
  // records the fuzzer can name (and, as admin, change or delete): a few of each
  const categories = await Promise.all([1, 2, 3].map((i) => createCategory(t.db, { name: `Fuzz category ${i}` })));
  const products = await Promise.all(categories.map((c) => createProduct(t.db, { categoryId: c.id, stock: 50 })));
  const posts = await Promise.all([1, 2].map(() => createBlogPost(t.db)));
  const rates = await Promise.all(["Ikeja", "Yaba"].map((lga) => createDeliveryRate(t.db, { lga })));
  const other = await createUser(t.db);
  const purchases = await Promise.all([customer, other].map((u) => createPurchase(t.db, u, [{ product: products[0]!, quantity: 1 }])));
  const cartItems = await Promise.all(products.map((p) => createCartItem(t.db, customer.id, p.id, 1)));
  const discounts = await Promise.all([
    createDiscountCode(t.db, { code: "FUZZ10" }),
    createDiscountCode(t.db, { code: "FUZZPCT", kind: "percent", percent: 10 }),
  ]);
  Object.assign(ids, {
    product: products.map((p) => p.id),
    category: categories.map((c) => c.id),
    post: posts.map((p) => p.id),
    rate: rates.map((r) => r.id),
    purchase: purchases.map((p) => p.id),
    cartItem: cartItems.map((c) => c.id),
    discount: discounts.map((d) => d.id),
    user: [customer.id, other.id, admin.id],
  });
  tokens.customer = await t.loginAs(users.customer);
  tokens.admin = await t.loginAs(users.admin);
}, 60_000);

/** Every /api route the Hono router knows, once per method and path. */
function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of t.app.routes) {
    if (!r.path.startsWith("/api/") || r.method === "ALL" || r.path.includes("*")) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

// A plausible body per route, for the mutations to start from (so they get past the first
// checks); a route not listed here gets random bodies, which still finds crashes.
const samples: Record<string, () => Record<string, unknown>> = {
  "POST /api/newsletter": () => ({ email: "fuzz@example.ng", firstName: "Ada", source: "footer" }),
  "POST /api/auth/register": () => ({
    firstName: "Ada",
    lastName: "Obi",
    email: `f${crypto.randomUUID()}@example.ng`,
    password: "Calm-pass-2026",
  }),
  "POST /api/auth/login": () => ({ email: "fuzz@example.ng", password: "Calm-pass-2026" }),
  "POST /api/auth/adminlogin": () => ({ email: "fuzz@example.ng", password: "Calm-pass-2026" }),
  "POST /api/auth/forgot-password": () => ({ email: "fuzz@example.ng" }),
  "POST /api/auth/reset-password": () => ({ token: "t".repeat(43), password: "Calm-pass-2026" }),
  "PUT /api/users/:id": () => ({ firstName: "Ada", lastName: "Obi", phone: "0801 234 5678", lga: "Ikeja", address: "1 Allen Avenue" }),
  "POST /api/admins": () => ({
    firstName: "Kola",
    lastName: "Team",
    email: `a${crypto.randomUUID()}@example.ng`,
    password: "Calm-pass-2026",
  }),
  "POST /api/test/create": () => ({ communicationPlatform: "WhatsApp", communicationCategory: "Updates" }),
  "POST /api/contact": () => ({ name: "Ada", email: "fuzz@example.ng", message: "Hello" }),
  "POST /api/cart/quote": () => ({ lines: [{ productId: ids.product![0], quantity: 1 }], code: "fuzzpct" }),
  "POST /api/cart/create": () => ({ productId: ids.product![1], quantity: 1 }),
  "POST /api/cart/merge": () => ({ lines: [{ productId: ids.product![2], quantity: 1 }] }),
  "PUT /api/cart/:id": () => ({ quantity: 2 }),
  "POST /api/purchases/create": () => ({
    street: "1 Allen Avenue",
    city: "Lagos",
    state: "Lagos",
    phone: "08012345678",
    lga: "Ikeja",
    code: "FUZZ10",
  }),
  "POST /api/purchases/cancel": () => ({ reference: "ALF-0000" }),
  "POST /api/whatsapp/webhook": () => ({
    object: "whatsapp_business_account",
    entry: [
      { id: "1", changes: [{ field: "messages", value: { messages: [{ from: "2348031234567", type: "text", text: { body: "STOP" } }] } }] },
    ],
  }),
  "POST /api/payments/paystack/webhook": () => ({
    event: "charge.success",
    data: { reference: "ALF-0000", amount: 100, currency: "NGN", status: "success", id: 1 },
  }),
  "POST /api/reviews/:productId": () => ({ rating: 5, comment: "Lovely" }),
  "POST /api/products/create": () => ({
    title: "Journal",
    price: 5000,
    discount: 0,
    description: "Paper",
    categoryId: ids.category![0],
    stock: 3,
  }),
  "PUT /api/products/:id": () => ({ title: "Journal", price: 5000, discount: 0, description: "Paper", categoryId: ids.category![0] }),
  "POST /api/categories/create": () => ({ name: `Fuzz ${crypto.randomUUID().slice(0, 8)}` }),
  "PUT /api/categories/:id": () => ({ name: `Fuzz ${crypto.randomUUID().slice(0, 8)}` }),
  "POST /api/posts/create": () => ({ title: "Rest", heading: "Slow down", text: "Breathe." }),
  "PUT /api/posts/:id": () => ({ title: "Rest", heading: "Slow down", text: "Breathe." }),
  "POST /api/deliveryrates/create": () => ({ lga: `Fuzz ${crypto.randomUUID().slice(0, 8)}`, deliveryCharge: 1500 }),
  "PUT /api/deliveryrates/:id": () => ({ lga: `Fuzz ${crypto.randomUUID().slice(0, 8)}`, deliveryCharge: 1500 }),
  "PATCH /api/purchases/:id/status": () => ({ status: "processing", note: "packed" }),
  "PUT /api/settings": () => ({ shopName: "Alafia", vatRate: 0.075, lowStockThreshold: 5 }),
  "POST /api/discounts/create": () => ({
    code: `F${crypto.randomUUID().slice(0, 8)}`,
    kind: "fixed",
    amount: 500,
    minOrder: 1000,
    maxUses: 5,
    startsAt: "2026-02-14T09:00",
    endsAt: "2027-02-14T09:00",
    productIds: [ids.product![0]],
  }),
  "PUT /api/discounts/:id": () => ({ percent: 20, kind: "percent", paused: false, endsAt: "2030-01-01T00:00" }),
};

/** The kind of record a path parameter names, to fill it with a real id. */
function realId(rng: Rng, route: Route, param: string): string {
  const resource = route.path.split("/")[2]!;
  const kind =
    param === "userId"
      ? "user"
      : param === "productId"
        ? "product"
        : (
            {
              products: "product",
              categories: "category",
              posts: "post",
              deliveryrates: "rate",
              purchases: "purchase",
              cart: "cartItem",
              users: "user",
              discounts: "discount",
            } as Record<string, string>
          )[resource];
  return rng.pick(ids[kind ?? "product"] ?? ids.product!);
}

const PARAM = /:(\w+)(\{[^}]*\})?/g;

/** One hostile request for the route: what is sent and which kind of hostility it is. */
function hostileRequest(rng: Rng, route: Route, role: Role) {
  const key = `${route.method} ${route.path.replace(/\{[^}]*\}/g, "")}`;
  const sample = samples[key]?.() ?? {};
  const hasParams = route.path.includes(":");
  const writes = ["POST", "PUT", "PATCH"].includes(route.method);
  const kinds = [
    "query",
    ...(hasParams ? ["bad-id"] : []),
    ...(writes
      ? ["json-mutated", "json-mutated", "json-random", "json-wrong-type", "json-malformed", "json-deep", "multipart", "form", "no-body"]
      : ["body-on-read"]),
  ];
  const kind = rng.pick(kinds);
  let path = route.path.replace(PARAM, (_m, name: string) => (kind === "bad-id" ? badId(rng) : realId(rng, route, name)));
  const headers: Record<string, string> = {};
  let body: string | Uint8Array | undefined;
  const json = (value: unknown) => {
    headers["Content-Type"] = rng.chance(0.9) ? "application/json" : rng.pick(["text/plain", "application/json; charset=utf-16", ""]);
    body = typeof value === "string" ? value : JSON.stringify(value);
  };
  switch (kind) {
    case "query":
      path += `?${hostileQuery(rng)}`;
      if (writes) json(sample);
      break;
    case "bad-id":
      if (writes) json(sample);
      break;
    case "json-mutated":
      json(mutateBody(rng, sample));
      break;
    case "json-random":
      json(randomBody(rng));
      break;
    case "json-wrong-type":
      json(rng.chance(0.5) ? hostileValue(rng) : rng.pick([[sample], "string", 42, null, true]));
      break;
    case "json-malformed":
      // now and then one past the 1 MB limit
      json(rng.chance(0.1) ? JSON.stringify({ ...sample, text: "x".repeat(1_100_000) }) : malformedJson(rng));
      break;
    case "json-deep": {
      const depth = rng.pick([33, 1_000, 20_000]);
      const field = rng.pick(Object.keys(sample).length ? Object.keys(sample) : ["x"]);
      json(
        rng.chance(0.5) ? nestedJson(depth) : JSON.stringify({ ...sample, [field]: "__DEEP__" }).replace('"__DEEP__"', nestedJson(depth)),
      );
      break;
    }
    case "multipart": {
      const m = hostileMultipart(rng, sample);
      headers["Content-Type"] = m.contentType;
      body = m.body;
      break;
    }
    case "form":
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = hostileForm(rng);
      break;
    case "no-body":
      if (rng.chance(0.5)) headers["Content-Type"] = "application/json";
      break;
    case "body-on-read":
      path += rng.chance(0.5) ? `?${hostileQuery(rng)}` : "";
      break;
  }
  // the webhook is signed with the test secret most of the time, so the hostile event is read
  if (route.path.endsWith("/paystack/webhook") && typeof body === "string" && rng.chance(0.8))
    headers["x-paystack-signature"] = crypto.createHmac("sha512", WEBHOOK_SECRET).update(body, "utf8").digest("hex");
  if (route.path.endsWith("/whatsapp/webhook") && typeof body === "string" && rng.chance(0.8))
    headers["x-hub-signature-256"] = `sha256=${crypto.createHmac("sha256", WEBHOOK_SECRET).update(body, "utf8").digest("hex")}`;
  if (route.path === "/api/purchases/create" && rng.chance(0.5))
    headers["Idempotency-Key"] = rng.pick(["", "x", "k".repeat(300), `fuzz-${rng.int(0, 1e9)}`, "k\u0001y"]);
  if (role !== "anonymous") headers.Authorization = `Bearer ${tokens[role]}`;
  return { kind, path, init: { method: route.method, headers, body: body as BodyInit | undefined } };
}

describe("fuzzing every /api route", () => {
  const sent: Sent[] = [];
  const tally = new Tally();
  const statuses = new Map<number, number>();
  afterAll(() => {
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `\nAPI fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${tally.total} requests\n${tally.table()}\nanswers: ${answers.join(", ")}\n`,
    );
  });

  it(`answers ${REQUESTS} hostile requests without a 500 or a stack trace, and stays healthy`, { timeout: 300_000 }, async () => {
    const rng = new Rng(SEED);
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      // every route in turn, so each gets its share; role and kind at random
      const route = routes[i % routes.length]!;
      const role = rng.pick(["anonymous", "customer", "admin"] as const);
      const { kind, path, init } = hostileRequest(rng, route, role);
      // a spread of client addresses, so the rate limits let the bodies through to the code behind them
      const ip = `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      const res = await t.request(path, { ...init, ip });
      const answer = await res.text();
      tally.add(role, kind);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const preview = typeof init.body === "string" ? init.body.slice(0, 300) : init.body ? "<multipart>" : "";
      if (res.status >= 500 || leaksStack(answer))
        sent.push({
          role,
          kind,
          method: init.method,
          path: path.slice(0, 300),
          body: preview,
          status: res.status,
          answer: answer.slice(0, 500),
        });
      // logging out ends the fuzzer's own session: sign in again
      if (role !== "anonymous" && path.includes("/auth/logout")) tokens[role] = await t.loginAs(users[role]);
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    process.stdout.write(`API fuzz: ${REQUESTS} requests in ${seconds} s over ${routes.length} routes\n`);
    expect(sent, `seed ${SEED}: answers of 5xx or with a stack trace`).toEqual([]);

    // still healthy: the health check and an ordinary request work
    expect((await t.request("/api/health")).status).toBe(200);
    const list = await t.request("/api/products?q=journal&page=1");
    expect(list.status).toBe(200);
    const me = await t.request("/api/auth/me", { as: users.customer });
    expect(me.status).toBe(200);
  });
});
