import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { AppEnv } from "../context";

const gzip = promisify(zlib.gzip);
/** Smaller answers are sent as they are. */
export const COMPRESS_FROM = 1024;
// a page or a JSON answer is read whole and compressed in one go; a longer body (a CSV export)
// is compressed as it streams
const WHOLE_UP_TO = 2 * 1024 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Gzip for the answers that are not already compressed (the public cache's hits are), in one
 * piece: the body is read whole and compressed once off the main thread. A streamed web
 * `CompressionStream` (hono/compress) costs per chunk, and React writes a page in hundreds of
 * small chunks: 4 of the 7 CPU milliseconds of a 21 KB page went there (docs/decisions/0018).
 */
export function compress() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    const h = res.headers;
    if (!res.body || c.req.method === "HEAD" || res.status === 206 || h.has("content-encoding") || h.has("transfer-encoding")) return;
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(h.get("content-type") ?? "") || NO_TRANSFORM.test(h.get("cache-control") ?? "")) return;
    const length = h.get("content-length");
    if (length && Number(length) < COMPRESS_FROM) return;
    addVaryAcceptEncoding(h);
    if (!acceptsGzip(c.req.header("accept-encoding") ?? "")) return;

    const read = await readUpTo(res.body, WHOLE_UP_TO);
    if (read.whole) {
      const body = read.whole;
      const bytes = body.length < COMPRESS_FROM ? body : await gzip(body);
      if (bytes !== body) h.set("Content-Encoding", "gzip");
      h.set("Content-Length", String(bytes.length));
      replace(c, new Response(view(bytes), { status: res.status, headers: h }));
      return;
    }
    // too long to hold: what was read, then the rest, through a compressing stream
    h.delete("Content-Length");
    h.set("Content-Encoding", "gzip");
    replace(
      c,
      new Response(read.stream.pipeThrough(new CompressionStream("gzip") as ReadableWritablePair<Uint8Array, Uint8Array>), {
        status: res.status,
        headers: h,
      }),
    );
  });
}

/** Puts the answer in place as it is (Hono would copy the old answer's headers onto it). */
function replace(c: Context<AppEnv>, res: Response) {
  c.res = undefined;
  c.res = res;
}

type Read = { whole: Buffer; stream?: never } | { whole?: never; stream: ReadableStream<Uint8Array> };

/** The body whole when it is at most `limit` bytes; otherwise a stream of all of it. */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Read> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { whole: chunks.length === 1 ? asBuffer(chunks[0]!) : Buffer.concat(chunks, size) };
    chunks.push(value);
    size += value.length;
    if (size > limit) break;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream };
}

/** Whether Accept-Encoding allows gzip (by name, or by `*`), with a q-value above 0. */
export function acceptsGzip(header: string): boolean {
  let any: boolean | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (coding === "gzip") return allowed;
    any = allowed;
  }
  return any ?? false;
}

function addVaryAcceptEncoding(h: Headers) {
  const vary = h.get("Vary");
  if (!vary) h.set("Vary", "Accept-Encoding");
  else if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) h.set("Vary", `${vary}, Accept-Encoding`);
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.length);

/** The bytes as a body, not copied. */
export const view = (bytes: Buffer) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;
