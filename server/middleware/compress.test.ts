import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../context";
import { acceptsGzip, compress } from "./compress";

const page = "<p>" + "Lavender calm journal, ₦12,500. ".repeat(400) + "</p>";

/** A body in many small chunks, as React writes a page. */
function chunked(text: string, size = 64): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += size)));
    },
  });
}

function appWith(body: () => BodyInit, type = "text/html; charset=utf-8", headers: Record<string, string> = {}) {
  const app = new Hono<AppEnv>();
  app.use(compress());
  app.all("/", () => new Response(body(), { headers: { "Content-Type": type, ...headers } }));
  return app;
}

describe("compress", () => {
  it("reads a streamed page whole and sends it gzip-encoded in one piece, with its length", async () => {
    const res = await appWith(() => chunked(page)).request("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.length).toBeLessThan(Buffer.byteLength(page) / 10);
    expect(zlib.gunzipSync(bytes).toString("utf8")).toBe(page);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("leaves alone what the client refuses, what is small, already encoded, not text, a HEAD, or no-transform", async () => {
    const plain = async (res: Response) => [res.headers.get("content-encoding"), await res.text()];
    expect(await plain(await appWith(() => page).request("/", { headers: { "Accept-Encoding": "gzip;q=0, br" } }))).toEqual([null, page]);
    expect(await plain(await appWith(() => page).request("/", { headers: { "Accept-Encoding": "identity" } }))).toEqual([null, page]);
    expect(await plain(await appWith(() => "<p>short</p>").request("/", { headers: { "Accept-Encoding": "gzip" } }))).toEqual([
      null,
      "<p>short</p>",
    ]);
    // a short body whose length was not known beforehand is read, then sent as it is
    expect(await plain(await appWith(() => chunked("<p>short</p>", 4)).request("/", { headers: { "Accept-Encoding": "gzip" } }))).toEqual([
      null,
      "<p>short</p>",
    ]);
    const image = await appWith(() => page, "image/webp").request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(image.headers.get("content-encoding")).toBeNull();
    const noTransform = await appWith(() => page, "text/html", { "Cache-Control": "no-transform" }).request("/", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(noTransform.headers.get("content-encoding")).toBeNull();
    const head = await appWith(() => page).request("/", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head.headers.get("content-encoding")).toBeNull();
  });

  it("streams a body longer than it holds (a large export) through gzip as it comes", async () => {
    const big = "order,total\n" + "ALF-000123,12500.00\n".repeat(150_000);
    const res = await appWith(() => chunked(big, 16_384), "text/csv").request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-length")).toBeNull();
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(big);
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding's names, wildcard and q-values", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.0, *")).toBe(false);
    expect(acceptsGzip("*;q=0, gzip")).toBe(true);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
  });
});
