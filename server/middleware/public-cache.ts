import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { InvalidationBus } from "../../lib/invalidation.server";
import { TtlCache } from "../../lib/ttl-cache";
import { withoutTrackingParams } from "../../lib/tracking-params";
import { readSessionToken } from "../../modules/accounts/session-cookie.server";
import type { AppDeps, AppEnv } from "../context";
import { acceptsGzip, view } from "./compress";
import { filled, filledGzip, slotted, type SlottedBody } from "./slotted-gzip";
import { isTeam } from "../../modules/accounts/roles";

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
const DROPPED = new Set(["content-length", "content-security-policy", "x-request-id", "set-cookie", "date", "cache-control", "vary"]);
// a write by an admin (catalogue, content, delivery rates, settings) or a review changes what is cached;
// a review is posted to the API, or to the /review and product pages' actions (`.data` from a fetcher)
const REVIEW_WRITE = /^\/(api\/reviews\/[^/]+|review(\.data)?|productdetails\/[^/]+)$/;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Entry = {
  kind: "api" | "page";
  status: number;
  /** as rendered, less those each answer sets itself */
  headers: [string, string][];
  /** the rendered answer's Vary (Cookie on a page), to which each answer adds Accept-Encoding */
  vary?: string;
  body: Buffer;
  /** a page: its bytes with slots for the nonce, deflated once */
  page?: SlottedBody;
  gzip?: Buffer;
  br?: Buffer;
  etag?: string;
};

/** What a request must say to be served from the cache (server/front-door.ts reads it from node:http). */
export type CacheableRequest = { method: string; pathname: string; search: string; headers: Pick<Headers, "get"> };
// the visit's discount code, ?code= (server/middleware/visit-code.ts)
const VISIT_CODE = /(?:^|[?&])code(?:[=&]|$)/;

/**
 * Public reads served from memory (CACHE_TTL_MS, default 1 s; 0 turns it off). Only requests with
 * no session (no cookie, no bearer) are served from or stored in it, and only 200 answers that
 * set no cookie: nothing personal is ever shared. API answers are kept compressed (gzip and
 * Brotli) with an ETag (304 on If-None-Match); pages keep a slot for their CSP nonce, filled per
 * answer. A write that changes the catalogue or content empties it here and on every server.
 * `middleware` serves and fills it inside the app; `freshEntry` lets the server answer a fresh
 * hit before the app sees the request (server/front-door.ts).
 */
export function createPublicCache(deps: Pick<AppDeps, "env"> & { invalidation: InvalidationBus }) {
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

  /** The request's key and kind when the cache may serve it, else null. */
  const keyOf = ({ method, pathname: path, search, headers }: CacheableRequest): { key: string; kind: Entry["kind"] } | null => {
    if (env.CACHE_TTL_MS <= 0 || (method !== "GET" && method !== "HEAD")) return null;
    const kind = PUBLIC_API.test(path) ? "api" : PUBLIC_PAGE.test(path) ? "page" : null;
    if (!kind || readSessionToken(env, headers)) return null;
    // a page's ?code= is taken for the visit before the cache (server/middleware/visit-code.ts)
    if (kind === "page" && VISIT_CODE.test(search)) return null;
    // one entry for everyone who followed the same shared link, whatever the platform added to it
    return { key: `${kind} ${path}${withoutTrackingParams(search)}`, kind };
  };

  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const found = keyOf({ method: c.req.method, pathname: url.pathname, search: url.search, headers: c.req.raw.headers });
    if (!found) return next();
    const { key, kind } = found;
    // an entry that expired less than a TTL ago is kept for the requests that arrive while it is
    // rendered again (below)
    const kept = cache.lookup(key, env.CACHE_TTL_MS);
    if (kept?.fresh) return answer(c, kept.value, "hit");
    // a HEAD gets the headers of what a GET left (Hono drops the body), and is never kept: it renders none
    if (c.req.method === "HEAD") return kept ? answer(c, kept.value, "stale") : next();
    // one render per key at a time: requests arriving meanwhile get the copy that just expired at
    // once, or else wait for its answer (no stampede, and no queue, when an entry expires under a rush)
    const inFlight = rendering.get(key);
    if (inFlight) {
      if (kept) return answer(c, kept.value, "stale");
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

  /** A fresh entry for this request, or null (then the app answers: a miss, a stale copy, no cache). */
  const freshEntry = (request: CacheableRequest): Entry | null => {
    const found = keyOf(request);
    if (!found) return null;
    const kept = cache.lookup(found.key, 0);
    return kept?.fresh ? kept.value : null;
  };

  return { middleware, freshEntry };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

/** The answer to keep, or null: a 200 for nobody in particular, setting no cookie, of a kind we keep. */
async function storableEntry(c: Context<AppEnv>, kind: Entry["kind"]): Promise<Entry | null> {
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  const storable =
    res.status === 200 &&
    !c.get("user") &&
    !res.headers.has("set-cookie") &&
    !res.headers.has("content-encoding") &&
    (kind === "page" ? /^text\/(html|x-script)/.test(type) : type.startsWith("application/json"));
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
    if (isTeam(c.get("user")?.role) || REVIEW_WRITE.test(c.req.path)) invalidation.publish();
  });
}

async function entryOf(kind: Entry["kind"], res: Response, body: Buffer, nonce: string): Promise<Entry> {
  const headers = [...res.headers].filter(([name]) => !DROPPED.has(name.toLowerCase()));
  const vary = res.headers.get("vary") ?? undefined;
  if (kind === "page") {
    const text = body.toString("utf8");
    const kept = Buffer.from(nonce ? text.replaceAll(nonce, NONCE_SLOT) : text);
    return { kind, status: res.status, headers, vary, body: kept, page: await slotted(kept, NONCE_SLOT) };
  }
  const [gz, br] = await Promise.all([
    gzip(body, { level: 6 }),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  return { kind, status: res.status, headers, vary, body, gzip: gz, br, etag };
}

/** An answer as the server sends it: status, headers and body. */
export type CachedAnswer = { status: number; headers: [string, string][]; body: Buffer | null };

/**
 * The answer to a request from an entry: the encoding the client accepts (a page is sent
 * gzip-encoded with this answer's nonce in its slots, never compressed again), the ETag and a
 * 304 for a match, and whether it was a hit.
 */
export function cachedAnswer(
  entry: Entry,
  state: "hit" | "miss" | "stale",
  request: { acceptEncoding: string | null | undefined; ifNoneMatch: string | null | undefined; nonce: string },
): CachedAnswer {
  const headers: [string, string][] = [...entry.headers, ["X-Cache", state]];
  const accepts = request.acceptEncoding ?? "";
  if (entry.kind === "page") {
    const gzipped = acceptsGzip(accepts);
    const bytes = gzipped ? filledGzip(entry.page!, request.nonce) : filled(entry.page!, request.nonce);
    headers.push(
      ["Vary", varyWithAcceptEncoding(entry.vary)],
      ["Cache-Control", PUBLIC_PAGE_CACHE],
      ["Content-Length", String(bytes.length)],
    );
    if (gzipped) headers.push(["Content-Encoding", "gzip"]);
    return { status: entry.status, headers, body: bytes };
  }
  headers.push(["Vary", varyWithAcceptEncoding(entry.vary)], ["Cache-Control", PUBLIC_API_CACHE], ["ETag", entry.etag!]);
  if (matches(request.ifNoneMatch, entry.etag!)) return { status: 304, headers, body: null };
  const [encoding, bytes] = /\bbr\b/.test(accepts) ? ["br", entry.br!] : acceptsGzip(accepts) ? ["gzip", entry.gzip!] : [null, entry.body];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(bytes.length)]);
  return { status: entry.status, headers, body: bytes };
}

function answer(c: Context<AppEnv>, entry: Entry, state: "hit" | "miss" | "stale"): Response {
  const a = cachedAnswer(entry, state, {
    acceptEncoding: c.req.header("accept-encoding"),
    ifNoneMatch: c.req.header("if-none-match"),
    nonce: c.get("nonce"),
  });
  return new Response(a.body && view(a.body), { status: a.status, headers: a.headers });
}

const varyWithAcceptEncoding = (vary: string | undefined) => (vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");

function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}
