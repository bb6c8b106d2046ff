// Local image uploads are answered from memory by node:http once read, with the app's own answer;
// an admin's write (here, or on another server through the invalidation bus) forgets them, so a
// deleted picture is never sent again.
import fs from "node:fs";
import fsPromises from "node:fs/promises";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { localInvalidationBus } from "../../lib/invalidation.server";
import { createLogger } from "../../lib/logger.server";
import { uploadDir } from "../../lib/storage.server";
import { createApp, securityOptions } from "../../server/app";
import { answerUploads } from "../../server/uploads-in-memory";
import { createAdminUser, createCategory } from "../factories";
import { multipartForm } from "../support/multipart";
import { serveOnLoopback } from "../support/loopback";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let base: string;
let app: ReturnType<typeof createApp>;
let appSaw: string[] = [];
let admin: string;
const invalidation = localInvalidationBus();
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.loginAs({ id: (await createAdminUser(t.db)).id, role: "admin" });
  const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  const lifecycle = { draining: false };
  app = createApp({ database: t.database, env: t.env, logger, lifecycle, invalidation });
  const listener = getRequestListener(app.fetch);
  const front = answerUploads(uploadDir(t.env.DATA_DIR), invalidation, { logger, lifecycle, security: securityOptions(t.env) });
  const served = await serveOnLoopback(
    front((req, res) => {
      appSaw.push(`${req.method} ${req.url}`);
      return listener(req, res);
    }),
  );
  base = served.base;
  return served.close;
});

const picture = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: "#c98b6b" } })
    .png()
    .toBuffer();
/** The answer's headers, less what differs between any two answers. */
const shape = (r: Response) => [...r.headers].filter(([name]) => !["date", "connection", "keep-alive", "x-request-id"].includes(name));
const onDisk = (url: string) => path.join(uploadDir(t.env.DATA_DIR), url.replace(/^\/uploads\//, ""));

async function newProduct(): Promise<{ id: string; urls: string[] }> {
  const category = await createCategory(t.db);
  const form = multipartForm(
    { title: "Calm tea set", price: "12000", description: "d", categoryId: category.id },
    { data: await picture(), name: "tea.png", type: "image/png" },
  );
  const res = await fetch(`${base}/api/products/create`, { method: "POST", headers: { Authorization: `Bearer ${admin}` }, body: form });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; imageUrl: string; images: { url: string }[] };
  return { id: body.id, urls: [...new Set([...body.images.map((i) => i.url), body.imageUrl])] };
}

describe("local image uploads", () => {
  it("are answered from memory once read, with the app's own answer, and one log line each", async () => {
    const { urls } = await newProduct();
    const url = urls[0]!;
    appSaw = [];
    const first = await fetch(`${base}${url}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(onDisk(url)))).toBe(true);
    const viaApp = await app.request(url);
    expect(shape(first)).toEqual(shape(viaApp));
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(lines.filter((l) => l.requestId === first.headers.get("x-request-id")).map((l) => [l.path, l.status])).toEqual([[url, 200]]);

    // kept: the bytes are sent without the disk (a file is never changed in place: names are not reused)
    fs.renameSync(onDisk(url), `${onDisk(url)}.moved`);
    const again = await fetch(`${base}${url}`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(`${base}${url}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length")]).toEqual([200, String(bytes.length)]);
    expect(appSaw).toEqual([]);
    fs.renameSync(`${onDisk(url)}.moved`, onDisk(url));
  });

  it("an admin's deletion is never served again, here or, through the invalidation bus, on another server", async () => {
    const { id, urls } = await newProduct();
    for (const url of urls) expect((await fetch(`${base}${url}`)).status).toBe(200);
    const removed = await fetch(`${base}/api/products/${id}/image`, { method: "DELETE", headers: { Authorization: `Bearer ${admin}` } });
    expect(removed.status).toBe(200);
    for (const url of urls) expect([url, (await fetch(`${base}${url}`)).status]).toEqual([url, 404]);

    // another server's write reaches this one as an invalidation: what it kept is forgotten
    const other = await newProduct();
    const url = other.urls[0]!;
    expect((await fetch(`${base}${url}`)).status).toBe(200);
    fs.rmSync(onDisk(url));
    expect((await fetch(`${base}${url}`)).status).toBe(200);
    invalidation.publish();
    expect((await fetch(`${base}${url}`)).status).toBe(404);
  });

  it("leaves to the app what is not a whole upload by its plain name: a file being written, a query, an escape, a range", async () => {
    const { urls } = await newProduct();
    const url = urls[0]!;
    fs.writeFileSync(`${onDisk(url)}.4242.0a1b2c3d.partial`, "part of a picture");
    appSaw = [];
    const cases: [string, RequestInit, number][] = [
      [`${url}.4242.0a1b2c3d.partial`, {}, 404],
      [`${url}?v=2`, {}, 200],
      [url.replace(/\.webp$/, "%2Ewebp"), {}, 200],
      [url, { headers: { Range: "bytes=0-9" } }, 206],
      ["/uploads/products/no-such-picture-640.webp", {}, 404],
    ];
    for (const [target, init, status] of cases) expect([target, (await fetch(`${base}${target}`, init)).status]).toEqual([target, status]);
    expect(appSaw).toEqual(cases.map(([target]) => `GET ${target}`));
  });

  it("keeps at most its size in bytes, forgetting the oldest first", async () => {
    const { urls } = await newProduct();
    const sizes = urls.map((u) => fs.statSync(onDisk(u)).size);
    // room for all but the first
    const quiet = { logger: createLogger("silent"), security: securityOptions(t.env) };
    const small = answerUploads(
      uploadDir(t.env.DATA_DIR),
      localInvalidationBus(),
      quiet,
      sizes.slice(1).reduce((a, b) => a + b, 0),
    );
    const { base: at, close } = await serveOnLoopback(small((_req, res) => res.writeHead(404).end()));
    try {
      for (const url of urls) expect((await fetch(`${at}${url}`)).status).toBe(200);
      for (const url of urls) fs.renameSync(onDisk(url), `${onDisk(url)}.moved`);
      expect(await Promise.all(urls.map(async (u) => (await fetch(`${at}${u}`)).status))).toEqual(
        urls.map((_, i) => (i === 0 ? 404 : 200)),
      );
    } finally {
      close();
      for (const url of urls) fs.renameSync(`${onDisk(url)}.moved`, onDisk(url));
    }
  });

  it("many phones asking at once for a file not yet read get it from one read", async () => {
    const { urls } = await newProduct();
    const url = urls[urls.length - 1]!;
    appSaw = [];
    const reads = vi.spyOn(fsPromises, "readFile");
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}${url}`)));
      const sizes = await Promise.all(answers.map(async (a) => `${a.status} ${(await a.arrayBuffer()).byteLength}`));
      expect(new Set(sizes)).toEqual(new Set([`200 ${fs.statSync(onDisk(url)).size}`]));
      expect(reads.mock.calls.filter(([file]) => String(file) === onDisk(url))).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    expect(appSaw).toEqual([]);
  });
});
