import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

describe("GET /api/health", () => {
  it("answers { ok: true } once the database answers, with a request id and security headers", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps a well-formed incoming request id", async () => {
    const res = await t.request("/api/health", { headers: { "X-Request-Id": "abc12345-trace" } });
    expect(res.headers.get("x-request-id")).toBe("abc12345-trace");
  });

  it("answers 503 when the database does not", async () => {
    const broken = { ...t.database, ping: async () => Promise.reject(new Error("down")) };
    const { createApp } = await import("../../server/app");
    const { createLogger } = await import("../../lib/logger.server");
    const app = createApp({ database: broken, env: t.env, logger: createLogger("silent") });
    const res = await app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "unavailable" });
  });
});

describe("GET /api/health while the server shuts down", () => {
  it("answers 503 once draining starts, so a load balancer takes the server out, and closes each connection", async () => {
    const { createApp } = await import("../../server/app");
    const { createLogger } = await import("../../lib/logger.server");
    const lifecycle = { draining: false };
    const app = createApp({ database: t.database, env: t.env, logger: createLogger("silent"), lifecycle });
    const before = await app.request("/api/health");
    expect(before.status).toBe(200);
    expect(before.headers.get("connection")).toBeNull();
    lifecycle.draining = true;
    const during = await app.request("/api/health");
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ code: "unavailable", msg: "The server is shutting down." });
    expect(during.headers.get("connection")).toBe("close");
    // other requests in flight are still answered, on a connection that then closes
    const products = await app.request("/api/products");
    expect(products.status).toBe(200);
    expect(products.headers.get("connection")).toBe("close");
  });
});

describe("GET /api/health is answered before the app's middleware", () => {
  it("uncompressed, with its length, and not logged when healthy", async () => {
    const lines: string[] = [];
    const { createApp } = await import("../../server/app");
    const { createLogger } = await import("../../lib/logger.server");
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const app = createApp({ database: t.database, env: t.env, logger });
    const res = await app.request("/api/health", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe("11");
    expect(lines).toEqual([]);
  });

  it("pings the database at most once a second, however often it is asked", async () => {
    let pings = 0;
    const counted = { ...t.database, ping: async () => void pings++ };
    const { createApp } = await import("../../server/app");
    const { createLogger } = await import("../../lib/logger.server");
    const app = createApp({ database: counted, env: t.env, logger: createLogger("silent") });
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request("/api/health")));
    for (let i = 0; i < 20; i++) answers.push(await app.request("/api/health"));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(pings).toBe(1);
  });

  it("in the server, node:http answers it without the app: same headers, a fresh nonce each time, 503 when draining", async () => {
    const { healthCheck } = await import("../../server/health");
    const { securityOptions } = await import("../../server/app");
    const { createLogger } = await import("../../lib/logger.server");
    const lifecycle = { draining: false };
    const health = healthCheck({ database: t.database, lifecycle, logger: createLogger("silent") }, securityOptions(t.env));
    const appSaw: string[] = [];
    const server = http.createServer(
      health.listener((req, res) => {
        appSaw.push(req.url!);
        res.end("app");
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const [a, b] = [await fetch(`${base}/api/health`), await fetch(`${base}/api/health?probe=1`)];
      expect([a.status, await a.json(), b.status]).toEqual([200, { ok: true }, 200]);
      const viaApp = await t.request("/api/health");
      for (const name of ["content-type", "x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"])
        expect([name, a.headers.get(name)]).toEqual([name, viaApp.headers.get(name)]);
      const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce(a)).toBeTruthy();
      expect(nonce(a)).not.toBe(nonce(b));
      expect(a.headers.get("content-security-policy")!.replace(nonce(a)!, "")).toBe(
        viaApp.headers.get("content-security-policy")!.replace(nonce(viaApp)!, ""),
      );
      expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await (await fetch(`${base}/api/healthz`)).text()).toBe("app");
      expect(await (await fetch(`${base}/api/health`, { method: "POST" })).text()).toBe("app");
      expect(appSaw).toEqual(["/api/healthz", "/api/health"]);
      lifecycle.draining = true;
      const during = await fetch(`${base}/api/health`);
      expect([during.status, during.headers.get("connection"), await during.json()]).toEqual([
        503,
        "close",
        { msg: "The server is shutting down.", code: "unavailable" },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("the error model", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ msg: "Not found", code: "not_found" });
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid", msg: "The request body is not valid JSON." });
  });

  it("answers text holding a NUL character (which PostgreSQL cannot store) with a 400 naming the field", async () => {
    const res = await t.request("/api/contact", {
      method: "POST",
      json: { name: "Ada", email: "ada@example.ng", message: "Hello\u0000there" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid", fields: { message: expect.any(String) } });
    const search = await t.request("/api/products?q=journal%00");
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ code: "invalid", fields: { q: expect.any(String) } });
  });

  it("answers a body over 1 MB with a 413", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "a@b.ng", source: "x".repeat(1_100_000) } });
    expect(res.status).toBe(413);
  });
});
