// The build's hashed files are answered from memory by node:http, before the app: the same
// answer as the app's own static files (type, length, encoding, caching, security headers).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.server";
import { createApp, securityOptions } from "../../server/app";
import { answerHashedAssets, readBuildRootFiles, readHashedAssets } from "../../server/hashed-assets";
import { serveOnLoopback } from "../support/loopback";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let clientDir: string;
let base: string;
let appSaw: string[] = [];
let app: ReturnType<typeof createApp>;
const lines: Record<string, unknown>[] = [];
const lifecycle = { draining: false };
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#c98b6b"/></svg>';
// long enough for the app to gzip it
const badge = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="16" cy="16" r="14" fill="#c98b6b"/>'.repeat(40)}</svg>`;
const script = "export const greet = (name) => `Welcome back, ${name}`;\n".repeat(40);

beforeAll(async () => {
  t = await createTestContext();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-assets-"));
  const assets = path.join(clientDir, "assets");
  fs.mkdirSync(assets);
  fs.writeFileSync(path.join(assets, "shell-abc123.js"), script);
  fs.writeFileSync(path.join(assets, "shell-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, "shell-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(assets, "nunito-latin-def456.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  fs.writeFileSync(path.join(clientDir, "favicon.svg"), favicon);
  fs.writeFileSync(path.join(clientDir, "badge.svg"), badge);
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  app = createApp({ database: t.database, env: t.env, logger, lifecycle }, { clientDir });
  const listener = getRequestListener(app.fetch);
  const served = await serveOnLoopback(
    answerHashedAssets(new Map([...readHashedAssets(assets), ...readBuildRootFiles(clientDir)]), {
      logger,
      lifecycle,
      security: securityOptions(t.env),
    })((req, res) => {
      appSaw.push(`${req.method} ${req.url}`);
      return listener(req, res);
    }),
  );
  base = served.base;
  return served.close;
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

/** The answer's headers, less what differs between any two answers. */
const shape = (r: Response) =>
  [...r.headers].filter(([name]) => !["date", "connection", "keep-alive", "x-request-id", "transfer-encoding", "vary"].includes(name));

describe("hashed build files", () => {
  it("are answered from memory with the app's own answer: Brotli or gzip as asked, a year immutable", async () => {
    appSaw = [];
    for (const encoding of ["gzip, deflate, br", "gzip", "identity"]) {
      const headers = { "Accept-Encoding": encoding };
      const fast = await fetch(`${base}/assets/shell-abc123.js`, { headers });
      const viaApp = await app.request(`/assets/shell-abc123.js`, { headers });
      expect(fast.status).toBe(200);
      expect(shape(fast)).toEqual(shape(viaApp).map(([n, v]) => [n, n === "last-modified" ? fast.headers.get(n)! : v]));
      expect(await fast.text()).toBe(script);
      // every variant says it varies, so a shared cache keeps them apart
      expect(fast.headers.get("vary")).toBe("Accept-Encoding");
      // one log line, with the request id it answered
      expect(lines.filter((l) => l.requestId === fast.headers.get("x-request-id")).map((l) => [l.path, l.status])).toEqual([
        ["/assets/shell-abc123.js", 200],
      ]);
    }
    expect(appSaw).toEqual([]);
    const font = await fetch(`${base}/assets/nunito-latin-def456.woff2`);
    expect([font.headers.get("content-type"), font.headers.get("cache-control"), font.headers.get("vary")]).toEqual([
      "font/woff2",
      "public, max-age=31536000, immutable",
      null,
    ]);
  });

  it("the files at the build's root (favicons) too, for an hour, gzipped where the app would", async () => {
    appSaw = [];
    for (const [name, body] of [
      ["favicon.svg", favicon],
      ["badge.svg", badge],
    ] as const) {
      for (const encoding of ["gzip, deflate, br", "identity"]) {
        const headers = { "Accept-Encoding": encoding };
        const fast = await fetch(`${base}/${name}`, { headers });
        const viaApp = await app.request(`/${name}`, { headers });
        expect(fast.status).toBe(200);
        expect(shape(fast)).toEqual(shape(viaApp).map(([n, v]) => [n, n === "last-modified" ? fast.headers.get(n)! : v]));
        expect(fast.headers.get("cache-control")).toBe("public, max-age=3600");
        // a file kept with a gzip copy says it varies, whichever copy it sends
        expect(fast.headers.get("vary")).toBe(name === "badge.svg" ? "Accept-Encoding" : null);
        expect(await fast.text()).toBe(body);
      }
    }
    expect(appSaw).toEqual([]);
  });

  it("leave an unknown name, a range, a query or a write to the app; close the connection while draining", async () => {
    appSaw = [];
    expect((await fetch(`${base}/assets/nope-000.js`)).status).toBe(404);
    await fetch(`${base}/assets/shell-abc123.js`, { headers: { Range: "bytes=0-9" } });
    await fetch(`${base}/assets/shell-abc123.js?v=2`);
    await fetch(`${base}/assets/shell-abc123.js`, { method: "POST" });
    expect(appSaw).toEqual([
      "GET /assets/nope-000.js",
      "GET /assets/shell-abc123.js",
      "GET /assets/shell-abc123.js?v=2",
      "POST /assets/shell-abc123.js",
    ]);
    lifecycle.draining = true;
    const during = await fetch(`${base}/assets/shell-abc123.js`);
    lifecycle.draining = false;
    expect([during.status, during.headers.get("connection")]).toEqual([200, "close"]);
  });
});
