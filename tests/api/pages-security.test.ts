import { Readable } from "node:stream";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createAdminUser, createCartItem, createProduct, createPurchase, createUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import type { Role } from "../../modules/accounts/roles";

// The page routes over HTTP: body limits, cache headers, the reset page's referrer policy and the
// absolute links, on a shop without PUBLIC_URL (development), where requests name any Host they like.
let t: PagesContext;
beforeAll(async () => {
  t = await createPagesContext({ PUBLIC_URL: "" });
});

const MB = 1024 * 1024;

describe("body size of page form posts", () => {
  it("answers 413 at once to a form whose Content-Length is over 1 MB, before reading it", async () => {
    const started = performance.now();
    // the header promises 100 MB; only a few bytes ever come: a server that waits for the body would hang
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40b.ng&password="));
      },
    });
    const res = await t.page("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * MB) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("too_large");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("stops reading a streamed form (no Content-Length) once it passes 1 MB", async () => {
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    // an endless body: the answer must come once the limit is passed, without reading the rest
    const endless = Readable.from(
      (function* () {
        yield Buffer.from("email=a%40b.ng&password=");
        for (;;) {
          sent += chunk.length;
          if (sent > 50 * MB) throw new Error("the server kept reading past the limit");
          yield chunk;
        }
      })(),
    );
    const res = await t.page("/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: Readable.toWeb(endless) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(4 * MB);
  });

  it("still takes an ordinary form", async () => {
    const user = await createUser(t.db);
    const res = await t.page("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: user.email, password: "wrong-password" }).toString(),
    });
    expect(res.status).toBe(401);
  });
});

describe("Cache-Control on pages", () => {
  it("marks every page answered to a signed-in visitor private, no-store, and varies pages by Cookie", async () => {
    const customer = await createUser(t.db);
    const admin = await createAdminUser(t.db);
    const product = await createProduct(t.db, { stock: 5 });
    await createCartItem(t.db, customer.id, product.id, 1);
    const purchase = await createPurchase(t.db, customer, [{ product, quantity: 1 }]);
    const pages: [string, { id: string; role: Role }][] = [
      ["/profile", customer],
      ["/profile.data", customer],
      ["/checkout", customer],
      ["/", customer],
      [`/productdetails/${product.id}`, customer],
      ["/dashboard", admin],
      [`/viewpurchase/${purchase.id}`, admin],
      ["/teamtable.data", admin],
    ];
    for (const [path, as] of pages) {
      const res = await t.page(path, { as });
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.headers.get("cache-control")]).toEqual([path, "private, no-store"]);
      expect([path, res.headers.get("vary") ?? ""]).toEqual([path, expect.stringMatching(/\bCookie\b/i)]);
    }
  });

  it("leaves an anonymous page cacheable, but says it differs by Cookie", async () => {
    const res = await t.page("/about");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    expect(res.headers.get("vary") ?? "").toMatch(/\bCookie\b/i);
  });
});

describe("the reset page", () => {
  it("keeps its own Referrer-Policy: no-referrer (its address holds the token)", async () => {
    const res = await t.page("/resetpassword?token=abcdefghijklmnopqrstuvwxyz");
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    // the other pages keep the shop's policy
    expect((await t.page("/login")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("absolute links come from configuration, never from the request's Host", () => {
  const forged = "http://evil.example";

  it("sitemap, robots, canonical and share links name http://localhost:PORT without PUBLIC_URL", async () => {
    const product = await createProduct(t.db);
    for (const path of ["/sitemap.xml", "/robots.txt", "/", "/products", `/productdetails/${product.id}`, "/about"]) {
      const res = await t.page(`${forged}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      const body = await res.text();
      expect([path, body.includes("evil.example")]).toEqual([path, false]);
      expect([path, body.includes("http://localhost:3000/")]).toEqual([path, true]);
    }
  });
});

describe("a page address that cannot be decoded", () => {
  it("gets the not-found page, a 404, and writes nothing past the shop's logger", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of ["/%", "/productdetails/%ff", "/giftreceipt/%", "/resume/%E0%A4%A"]) {
        for (const method of ["GET", "POST"]) {
          const res = await t.page(
            path,
            method === "POST" ? { method, body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {},
          );
          expect([method, path, res.status]).toEqual([method, path, 404]);
          expect(await res.text()).toContain("Page not found");
        }
      }
      // React Router printed "The URL path ... could not be decoded" twice for each, whatever LOG_LEVEL said
      expect([...warn.mock.calls, ...error.mock.calls]).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
