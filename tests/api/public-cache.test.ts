// Public reads served from memory: precompressed API answers with an ETag, anonymous pages with a
// fresh CSP nonce each time, emptied by every admin write (here at once, on another server through
// PostgreSQL LISTEN/NOTIFY or Redis), never holding anything personal, never used by the money path.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvalidationBus, type InvalidationBus } from "../../lib/invalidation.server";
import { createLogger } from "../../lib/logger.server";
import { createApp, securityOptions } from "../../server/app";
import { answerCachedHits } from "../../server/cached-answers";
import { createPublicCache } from "../../server/middleware/public-cache";
import { localInvalidationBus } from "../../lib/invalidation.server";
import { createAdminUser, createCategory, createProduct, createUser } from "../factories";
import { testRedisUrl } from "../support/redis";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;
const priceOf = async (app: { request: (p: string) => Response | Promise<Response> }, id: string) =>
  (await json(await app.request(`/api/products/${id}`))).price;

describe("public API reads", () => {
  it("are kept compressed with an ETag; If-None-Match answers 304; Brotli or gzip as the client asks", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000 });
    const path = `/api/products/${product.id}`;
    const first = await t.request(path);
    expect(first.headers.get("x-cache")).toBe("miss");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect((await json(first)).price).toBe(5000);

    const br = await t.request(path, { headers: { "Accept-Encoding": "gzip, br" } });
    expect([br.headers.get("x-cache"), br.headers.get("content-encoding"), br.headers.get("etag")]).toEqual(["hit", "br", etag]);
    const gz = await t.request(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toContain("Accept-Encoding");

    const notModified = await t.request(path, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
  });

  it("once expired, one request renders it again while the others get the copy that just expired", async () => {
    const app = createApp({ database: t.database, env: { ...t.env, CACHE_TTL_MS: 200 }, logger: createLogger("silent") });
    const product = await createProduct(t.db, { priceKobo: 300_000 });
    const path = `/api/products/${product.id}`;
    expect((await app.request(path)).headers.get("x-cache")).toBe("miss");
    await new Promise((r) => setTimeout(r, 250));
    const states = async () => (await Promise.all([app.request(path), app.request(path)])).map((r) => r.headers.get("x-cache"));
    expect(await states()).toEqual(["miss", "stale"]);
    expect(await states()).toEqual(["hit", "hit"]);
    // more than a TTL past its expiry, an entry is not served even while another render runs
    await new Promise((r) => setTimeout(r, 450));
    expect(await states()).toEqual(["miss", "hit"]);
  });

  it("an admin's price, title, stock or image change is served on the very next request", async () => {
    const product = await createProduct(t.db, { priceKobo: 500_000, stock: 8 });
    const path = `/api/products/${product.id}`;
    await t.request(path);
    expect((await t.request(path)).headers.get("x-cache")).toBe("hit");
    const put = await t.request(path, { method: "PUT", as: admin, json: { price: 7500, title: "Renamed journal", stock: 3 } });
    expect(put.status).toBe(200);
    const after = await t.request(path);
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await json(after)).toMatchObject({ price: 7500, title: "Renamed journal", stock: 3 });
    const removed = await t.request(`${path}/image`, { method: "DELETE", as: admin });
    expect(removed.status).toBe(200);
    expect((await t.request(path)).headers.get("x-cache")).toBe("miss");
  });

  it("a signed-in request neither reads nor fills the cache; a failed write empties nothing", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db);
    const path = `/api/products/${product.id}`;
    const signedIn = await t.request(path, { as: { id: user.id, role: "customer" } });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect((await t.request(path)).headers.get("x-cache")).toBe("miss");
    const refused = await t.request(path, { method: "PUT", as: admin, json: { price: -5 } });
    expect(refused.status).toBe(400);
    expect((await t.request(path)).headers.get("x-cache")).toBe("hit");
  });
});

describe("in the server, a fresh hit is answered by node:http before the app", () => {
  it("with the app's own bytes and headers, a fresh nonce and request id, one log line; anything else goes to the app", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    const invalidation = localInvalidationBus();
    const env = { ...t.env, CACHE_TTL_MS: 30_000 };
    const publicCache = createPublicCache({ env, invalidation });
    const lifecycle = { draining: false };
    const app = createApp({ database: t.database, env, logger, lifecycle, invalidation }, { publicCache });
    let appSaw = 0;
    const listener = getRequestListener(app.fetch);
    const server = http.createServer(
      answerCachedHits({ publicCache, logger, lifecycle, security: securityOptions(env) })((req, res) => {
        appSaw++;
        return listener(req, res);
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const product = await createProduct(t.db, { priceKobo: 250_000, title: "Gratitude journal, node hit" });
      const path = `/api/products/${product.id}`;
      const get = (extra: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { "Accept-Encoding": "br", ...extra } });
      const miss = await get();
      expect([miss.headers.get("x-cache"), appSaw]).toEqual(["miss", 1]);
      const hit = await get({ "X-Request-Id": "trace-12345" });
      expect([hit.status, hit.headers.get("x-cache"), appSaw]).toEqual([200, "hit", 1]);
      expect(await hit.json()).toMatchObject({ title: "Gratitude journal, node hit", price: 2500 });
      // the same headers as the app's own hit, but for its nonce and request id
      const viaApp = await app.request(path, { headers: { "Accept-Encoding": "br" } });
      expect(viaApp.headers.get("x-cache")).toBe("hit");
      const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      const shape = (r: Response) =>
        [...r.headers]
          .filter(([name]) => !["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"].includes(name))
          .map(([name, value]) => [name, value.replace(nonce(r), "NONCE")]);
      expect(shape(hit)).toEqual(shape(viaApp));
      expect(hit.headers.get("x-request-id")).toBe("trace-12345");
      expect(nonce(hit)).not.toBe(nonce(viaApp));
      expect(lines.filter((l) => l.path === path).map((l) => [l.status, l.requestId])).toContainEqual([200, "trace-12345"]);

      const notModified = await get({ "If-None-Match": hit.headers.get("etag")! });
      expect([notModified.status, appSaw]).toEqual([304, 1]);
      // a path the app reads otherwise is the app's: "//host/path" is not "/path"
      await new Promise<void>((resolve, reject) =>
        http
          .get({ host: "127.0.0.1", port: new URL(base).port, path: `//evil.example${path}` }, (r) => (r.resume(), resolve()))
          .on("error", reject),
      );
      expect(appSaw).toBe(2);
      // a session (even one the shop does not know), a HEAD or a write is the app's
      expect((await get({ Cookie: "alafia_session=someone" })).headers.get("x-cache")).toBeNull();
      await fetch(`${base}${path}`, { method: "HEAD" });
      expect(appSaw).toBe(4);
      lifecycle.draining = true;
      const during = await get();
      expect([during.headers.get("x-cache"), during.headers.get("connection"), appSaw]).toEqual(["hit", "close", 4]);
      lifecycle.draining = false;
      // a write empties it: the next read is the app's again
      invalidation.publish();
      expect([(await get()).headers.get("x-cache"), appSaw]).toEqual(["miss", 5]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("no personal data in a shared cache entry", () => {
  it("answers cached for nobody in particular carry no one's name, and personal answers are never cached", async () => {
    const ada = await createUser(t.db, { firstName: "Adaeze", email: "adaeze.cache@example.ng" });
    const asAda = { id: ada.id, role: "customer" as const };
    // A reads first: whatever she saw is not what B or an anonymous visitor get
    for (const path of ["/api/products?pageSize=4", "/api/categories", "/api/auth/me", "/api/purchases/mine", "/api/cart/summary"]) {
      await t.request(path, { as: asAda });
    }
    const bisi = await createUser(t.db, { firstName: "Bisola" });
    for (const who of [{ as: { id: bisi.id, role: "customer" as const } }, {}]) {
      for (const path of ["/api/products?pageSize=4", "/api/categories", "/api/auth/me", "/api/purchases/mine", "/api/cart/summary"]) {
        const res = await t.request(path, who);
        const body = await res.text();
        expect(body).not.toContain("Adaeze");
        expect(body).not.toContain("adaeze.cache@example.ng");
        if (/\/(auth|purchases|cart)\//.test(path)) expect(res.headers.get("x-cache")).toBeNull();
      }
    }
  });
});

describe("CACHE_TTL_MS=0", () => {
  it("turns the caches off", async () => {
    const off = await createTestContext({ CACHE_TTL_MS: "0" });
    const product = await createProduct(off.db);
    for (let i = 0; i < 2; i++) expect((await off.request(`/api/products/${product.id}`)).headers.get("x-cache")).toBeNull();
  });
});

// Two servers on one database, each with its own caches and its own invalidation bus.
const buses = [
  // the buses meet on the run's PostgreSQL server (NOTIFY reaches the listeners of one database)
  ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL LISTEN/NOTIFY", env: { DATABASE_URL: process.env.DATABASE_URL } }] : []),
  ...(process.env.DATABASE_URL && testRedisUrl ? [{ name: "Redis pub/sub", env: { REDIS_URL: testRedisUrl } }] : []),
];
describe.each(buses)("two servers, invalidated through $name", ({ env: extra }) => {
  const opened: InvalidationBus[] = [];
  afterAll(async () => {
    for (const bus of opened) await bus.close();
  });

  it("an admin's change on one server is served by the other within 1 s", async () => {
    const env = { ...t.env, ...extra, REDIS_PREFIX: `${t.env.REDIS_PREFIX}bus:`, CACHE_TTL_MS: 30_000 };
    const logger = createLogger("silent");
    const [busA, busB] = [createInvalidationBus(env, logger), createInvalidationBus(env, logger)];
    opened.push(busA, busB);
    await new Promise((r) => setTimeout(r, 300)); // both listening
    const serverA = createApp({ database: t.database, env, logger, invalidation: busA });
    const serverB = createApp({ database: t.database, env, logger, invalidation: busB });
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { categoryId: category.id, priceKobo: 400_000 });
    expect(await priceOf(serverB, product.id)).toBe(4000);
    expect((await serverB.request(`/api/products/${product.id}`)).headers.get("x-cache")).toBe("hit");

    const token = await t.loginAs(admin);
    const put = await serverA.request(`/api/products/${product.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ price: 4500 }),
    });
    expect(put.status).toBe(200);
    const started = Date.now();
    while ((await priceOf(serverB, product.id)) !== 4500) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe("anonymous public pages", () => {
  it("are served whole from memory, each answer with its own CSP nonce; a signed-in shopper never gets one", async () => {
    const { createPagesContext } = await import("../support/pages-app");
    const p = await createPagesContext();
    const product = await createProduct(p.db, { title: "Lavender calm journal" });
    const path = `/productdetails/${product.id}`;
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const first = await p.page(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("miss");
    const second = await p.page(path);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(second.headers.get("vary")).toContain("Cookie");
    const [html1, html2] = [await first.text(), await second.text()];
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1 && n2 && n1 !== n2).toBe(true);
    expect(html1).toContain(`nonce="${n1}"`);
    expect(html2).toContain(`nonce="${n2}"`);
    expect(html2).not.toContain(n1!);
    expect(html2).toContain("Lavender calm journal");

    const shopper = await createUser(p.db, { firstName: "Zainab" });
    const signedIn = await p.page(path, { as: { id: shopper.id, role: "customer" } });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain("Zainab");
    const anonymousAgain = await p.page(path);
    expect(await anonymousAgain.text()).not.toContain("Zainab");

    // React Router's data requests for client-side moves are cached the same way
    expect((await p.page("/products.data")).headers.get("x-cache")).toBe("miss");
    expect((await p.page("/products.data")).headers.get("x-cache")).toBe("hit");

    // everyone who followed the same shared link shares one entry, whatever Instagram or a campaign added to it
    expect((await p.page("/about?fbclid=IwAR-first-click")).headers.get("x-cache")).toBe("miss");
    expect((await p.page("/about?fbclid=IwAR-another-click&utm_source=ig&utm_medium=social")).headers.get("x-cache")).toBe("hit");
    expect((await p.page("/about")).headers.get("x-cache")).toBe("hit");
    expect((await p.page("/products?sort=price_asc&gclid=abc")).headers.get("x-cache")).toBe("miss");
    expect((await p.page("/products?sort=price_asc")).headers.get("x-cache")).toBe("hit");

    // an admin's change is on the next anonymous page
    const owner = await createAdminUser(p.db);
    // through the same server (the pages app), as the admin's browser would
    const put = await p.page(`/api/products/${product.id}`, {
      method: "PUT",
      as: { id: owner.id, role: "admin" },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Rose calm journal" }),
    });
    expect(put.status).toBe(200);
    const changed = await p.page(path);
    expect(changed.headers.get("x-cache")).toBe("miss");
    expect(await changed.text()).toContain("Rose calm journal");
  }, 60_000);

  it("a hit is sent gzip-encoded with its length, from bytes compressed once, with that answer's nonce", async () => {
    const { createPagesContext } = await import("../support/pages-app");
    const p = await createPagesContext();
    await createProduct(p.db, { title: "Shea butter soap" });
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    const plain = await p.page("/products", { headers: { "Accept-Encoding": "identity" } });
    const html = await plain.text();
    const hits = [
      await p.page("/products", { headers: { "Accept-Encoding": "gzip, deflate, br" } }),
      await p.page("/products", { headers: { "Accept-Encoding": "gzip" } }),
    ];
    for (const hit of hits) {
      expect([hit.headers.get("x-cache"), hit.headers.get("content-encoding")]).toEqual(["hit", "gzip"]);
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      const bytes = Buffer.from(await hit.arrayBuffer());
      // a length, not a stream compressed while it is sent
      expect(hit.headers.get("content-length")).toBe(String(bytes.length));
      const decoded = zlib.gunzipSync(bytes).toString("utf8");
      expect(decoded).toBe(html.replaceAll(nonceOf(plain), nonceOf(hit)));
      expect(decoded).toContain("Shea butter soap");
    }
    expect(nonceOf(hits[0]!)).not.toBe(nonceOf(hits[1]!));
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
    // the miss that rendered it says so too
    const miss = await p.page("/blogs", { headers: { "Accept-Encoding": "gzip" } });
    expect([miss.headers.get("x-cache"), miss.headers.get("content-encoding")]).toEqual(["miss", "gzip"]);
    expect(miss.headers.get("vary")).toMatch(/Cookie.*Accept-Encoding|Accept-Encoding.*Cookie/);

    // a page's .data twin (a client-side move) holds no nonce: its hit is a valid gzip too (it once hung the server)
    const product = await createProduct(p.db, { title: "Lavender eye pillow" });
    const path = `/productdetails/${product.id}.data`;
    const first = await p.page(path, { headers: { "Accept-Encoding": "gzip" } });
    const again = await p.page(path, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect([first.status, again.status, again.headers.get("x-cache")]).toEqual([200, 200, "hit"]);
    expect(zlib.gunzipSync(Buffer.from(await again.arrayBuffer())).toString("utf8")).toContain("Lavender eye pillow");
  }, 60_000);

  it("a HEAD is told what a GET would be (its type, caching and length), with no body, and fills nothing", async () => {
    const { createPagesContext } = await import("../support/pages-app");
    const p = await createPagesContext();
    const product = await createProduct(p.db, { title: "Hibiscus gift card" });
    const path = `/productdetails/${product.id}`;
    const shown = (res: Response) => ["content-type", "cache-control", "vary", "content-length"].map((name) => res.headers.get(name));
    // before any GET: nothing rendered to keep, but it is still an HTML page, and nothing is cached by it
    const cold = await p.page(path, { method: "HEAD" });
    expect([cold.status, cold.headers.get("content-type"), await cold.text()]).toEqual([200, "text/html; charset=utf-8", ""]);
    expect((await p.page(path)).headers.get("x-cache")).toBe("miss");
    // once a GET has kept it: the same headers as the next GET
    const head = await p.page(path, { method: "HEAD" });
    const get = await p.page(path);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(shown(head)).toEqual(shown(get));
    expect(get.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(await get.text()).toContain("Hibiscus gift card");
    // an API read too, with its ETag
    const api = `/api/products/${product.id}`;
    expect((await p.page(api, { method: "HEAD" })).headers.get("content-type")).toBe("application/json");
    const apiGet = await p.page(api);
    const apiHead = await p.page(api, { method: "HEAD" });
    expect([...shown(apiHead), apiHead.headers.get("etag")]).toEqual([...shown(apiGet), apiGet.headers.get("etag")]);
    // a signed-in HEAD is hers, as her GET is
    const shopper = await createUser(p.db, { firstName: "Kemi" });
    const hers = await p.page(path, { method: "HEAD", as: { id: shopper.id, role: "customer" } });
    expect([hers.headers.get("x-cache"), hers.headers.get("cache-control")]).toEqual([null, "private, no-store"]);
  }, 60_000);

  it("a page from an earlier build that asks which routes exist is told to load again, signed in or not, and nothing is kept", async () => {
    // this build's pages carry every route (docs/decisions/0023): only a page left open across a
    // release asks, with its own build's version
    const shopper = await createUser(t.db, { firstName: "Adaeze" });
    const url = `/__manifest?${new URLSearchParams({ paths: "/,/cart,/productdetails", version: "an-older-build" })}`;
    for (const as of [undefined, { id: shopper.id, role: "customer" as const }, undefined]) {
      const res = await t.request(url, { as });
      expect([res.status, res.headers.get("x-remix-reload-document"), res.headers.get("cache-control")]).toEqual([204, "true", "no-store"]);
      expect([res.headers.get("x-cache"), res.headers.get("set-cookie"), await res.text()]).toEqual([null, null, ""]);
    }
  });
});
