import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { InvalidationBus } from "../../lib/invalidation.server";
import { TtlCache } from "../../lib/ttl-cache";
import { readSessionToken } from "../../modules/accounts/session-cookie.server";
import type { AppDeps, AppEnv } from "../context";
import { filled, filledGzip, slotted, type SlottedBody } from "./slotted-gzip";

// What is the same for every visitor without a session: the catalogue and content reads of /api,
// and the public pages (with React Router's .data twins for client-side moves).
const PUBLIC_API = /^\/api\/(products(\/[^/]+)?|categories(\/[^/]+)?|posts(\/[^/]+)?|deliveryrates(\/[^/]+)?|reviews\/[^/]+)$/;
const PUBLIC_PAGE =
  /^\/(|_root\.data|(products|promopage|blogs|about|contact|author|privacy|terms)(\.data)?|(categories|productdetails|blogdetails)\/[^/.]+(\.data)?)$/;
// a CDN or proxy may hold them briefly, and serve a stale copy while it fetches the next
export const PUBLIC_API_CACHE = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
// the page's CSP nonce is swapped for this in the stored copy, and for a fresh one in each answer
const NONCE_SLOT = "\u0000nonce\u0000";
const MAX_BODY = 512 * 1024;
const SENT_AS = ["vary", "content-length", "content-encoding", "etag", "cache-control"];
const DROPPED = new Set(["content-length", "content-security-policy", "x-request-id", "set-cookie", "date", "cache-control"]);
// a write by an admin (catalogue, content, delivery rates, settings) or a review changes what is cached;
// a review is posted to the API, or to the /review and product pages' actions (`.data` from a fetcher)
const REVIEW_WRITE = /^\/(api\/reviews\/[^/]+|review(\.data)?|productdetails\/[^/]+)$/;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Entry = {
  kind: "api" | "page";
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** a page: its bytes with slots for the nonce, deflated once */
  page?: SlottedBody;
  gzip?: Buffer;
  br?: Buffer;
  etag?: string;
};

/**
 * Public reads served from memory (CACHE_TTL_MS, default 1 s; 0 turns it off). Only requests with
 * no session (no cookie, no bearer) are served from or stored in it, and only 200 answers that
 * set no cookie: nothing personal is ever shared. API answers are kept compressed (gzip and
 * Brotli) with an ETag (304 on If-None-Match); pages keep a slot for their CSP nonce, filled per
 * answer. A write that changes the catalogue or content empties it here and on every server.
 */
export function publicCache(deps: AppDeps & { invalidation: InvalidationBus }) {
  const { env, invalidation } = deps;
  const cache = new TtlCache<Entry>(env.CACHE_TTL_MS, 500);
  const rendering = new Map<string, Promise<Entry | null>>();
  // bumped by every invalidation: a render that began before a write is never kept after it
  let generation = 0;
  invalidation.subscribe(() => {
    generation++;
    cache.clear();
    // a render begun before the write must not be shared as if it were after it
    rendering.clear();
  });

  return createMiddleware<AppEnv>(async (c, next) => {
    if (env.CACHE_TTL_MS <= 0 || c.req.method !== "GET") return next();
    const path = c.req.path;
    const kind = PUBLIC_API.test(path) ? "api" : PUBLIC_PAGE.test(path) ? "page" : null;
    if (!kind || readSessionToken(env, c.req.raw.headers)) return next();
    const url = new URL(c.req.url);
    const key = `${kind} ${url.pathname}${url.search}`;
    // an entry that expired less than a TTL ago is kept for the requests that arrive while it is
    // rendered again (below)
    const found = cache.lookup(key, env.CACHE_TTL_MS);
    if (found?.fresh) return answer(c, found.value, "hit");
    // one render per key at a time: requests arriving meanwhile get the copy that just expired at
    // once, or else wait for its answer (no stampede, and no queue, when an entry expires under a rush)
    const inFlight = rendering.get(key);
    if (inFlight) {
      if (found) return answer(c, found.value, "stale");
      const shared = await inFlight;
      if (shared) return answer(c, shared, "hit");
      return next();
    }
    let settle: (entry: Entry | null) => void = () => {};
    rendering.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    let entry: Entry | null = null;
    const startedIn = generation;
    try {
      await next();
      entry = await storableEntry(c, kind);
      if (entry) {
        if (startedIn === generation) cache.set(key, entry);
        // Hono copies the rendered answer's headers onto the one that replaces it: those that
        // describe the body as it is sent now are this answer's own
        for (const name of SENT_AS) c.res.headers.delete(name);
        c.res = answer(c, entry, "miss");
      }
    } finally {
      rendering.delete(key);
      settle(entry);
    }
  });
}

/** The answer to keep, or null: a 200 for nobody in particular, setting no cookie, of a kind we keep. */
async function storableEntry(c: Context<AppEnv>, kind: Entry["kind"]): Promise<Entry | null> {
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  const storable =
    res.status === 200 &&
    !c.get("user") &&
    !res.headers.has("set-cookie") &&
    !res.headers.has("content-encoding") &&
    (kind === "api" ? type.startsWith("application/json") : /^text\/(html|x-script)/.test(type));
  if (!storable) return null;
  const body = Buffer.from(await res.clone().arrayBuffer());
  if (body.length > MAX_BODY) return null;
  return entryOf(kind, res, body, c.get("nonce"));
}

/** Empties the public caches (here and on every server) after a write that changes what they hold. */
export function invalidateOnWrites(invalidation: InvalidationBus) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || c.res.status >= 400) return;
    if (c.get("user")?.role === "admin" || REVIEW_WRITE.test(c.req.path)) invalidation.publish();
  });
}

async function entryOf(kind: Entry["kind"], res: Response, body: Buffer, nonce: string): Promise<Entry> {
  const headers = [...res.headers].filter(([name]) => !DROPPED.has(name.toLowerCase()));
  if (kind === "page") {
    const text = body.toString("utf8");
    const kept = Buffer.from(nonce ? text.replaceAll(nonce, NONCE_SLOT) : text);
    return { kind, status: res.status, headers, body: kept, page: await slotted(kept, NONCE_SLOT) };
  }
  const [gz, br] = await Promise.all([
    gzip(body, { level: 6 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  return { kind, status: res.status, headers, body, gzip: gz, br, etag };
}

function answer(c: Context<AppEnv>, entry: Entry, state: "hit" | "miss" | "stale"): Response {
  const headers = new Headers(entry.headers);
  headers.set("X-Cache", state);
  headers.append("Vary", "Accept-Encoding");
  if (entry.kind === "page") {
    // this answer's nonce in the slots, gzip-encoded without compressing the page again
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
    const gzipped = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const bytes = gzipped ? filledGzip(entry.page!, c.get("nonce")) : filled(entry.page!, c.get("nonce"));
    if (gzipped) headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(bytes.length));
    return new Response(view(bytes), { status: entry.status, headers });
  }
  headers.set("Cache-Control", PUBLIC_API_CACHE);
  headers.set("ETag", entry.etag!);
  if (matches(c.req.header("if-none-match"), entry.etag!)) return new Response(null, { status: 304, headers });
  const accepts = c.req.header("accept-encoding") ?? "";
  const [encoding, bytes] = /\bbr\b/.test(accepts)
    ? ["br", entry.br!]
    : /\bgzip\b/.test(accepts)
      ? ["gzip", entry.gzip!]
      : [null, entry.body];
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(bytes.length));
  return new Response(view(bytes), { status: entry.status, headers });
}

/** The bytes as a body, not copied. */
const view = (bytes: Buffer) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}
