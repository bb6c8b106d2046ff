import fs from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { getMimeType } from "hono/utils/mime";
import type { Logger } from "../lib/logger.server";
import type { AppDeps } from "./context";
import { AN_HOUR, headerOf, IMMUTABLE } from "./http";
import { acceptsGzip, COMPRESS_FROM } from "./middleware/compress";
import { requestIdOf } from "./middleware/request-id";
import { securityHeaderValues, type SecurityOptions } from "./middleware/security-headers";

// what the security headers leave without a CSP (server/middleware/security-headers.ts)
const STATIC = /^(text\/javascript|application\/javascript|text\/css|image\/|font\/)/;

export type Asset = { type: string; modified: string; body: Buffer; br?: Buffer; gzip?: Buffer; cacheControl?: string };
export type Options = { logger: Logger; lifecycle?: AppDeps["lifecycle"]; security: SecurityOptions };

/** The build's hashed files (`build/client/assets`) and their .br/.gz copies, read once. */
export function readHashedAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const [name, file, type] of staticFiles(dir)) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const copy = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
    assets.set(`/assets/${name}`, { ...read(file, type), br: copy(".br"), gzip: copy(".gz") });
  }
  return assets;
}

/**
 * The files at the build's root (favicons), read once, for an hour's caching, gzipped when the
 * app's compression would (server/middleware/compress.ts): one each per new visitor.
 */
export function readBuildRootFiles(dir: string): Map<string, Asset> {
  const files = new Map<string, Asset>();
  for (const [name, file, type] of staticFiles(dir)) {
    const asset = read(file, type);
    const gzip = asset.body.length >= COMPRESS_FROM && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ? zlib.gzipSync(asset.body) : undefined;
    files.set(`/${name}`, { ...asset, gzip, cacheControl: AN_HOUR });
  }
  return files;
}

/** A folder's files that the security headers leave without a CSP: name, path and type. */
function staticFiles(dir: string): [string, string, string][] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry): [string, string, string] => [entry.name, path.join(dir, entry.name), getMimeType(entry.name) ?? ""])
    .filter(([, , type]) => STATIC.test(type));
}

const read = (file: string, type: string): Asset => ({
  type,
  modified: fs.statSync(file).mtime.toUTCString(),
  body: fs.readFileSync(file),
});

/**
 * node:http's listener for the app, with the build's files (hashed, and at its root) answered from
 * memory before Hono builds a Request. Each page a new visitor opens asks for about fifteen of them;
 * read from disk through the app, each cost four times a cached page (docs/decisions/0018). The
 * answer is the app's (serveStatic with its precompressed copies): the same type, length, encoding,
 * caching, the security headers of a file, a request id and one log line. A range, an unknown name
 * or another method goes to the app.
 */
export function answerHashedAssets(assets: Map<string, Asset>, options: Options) {
  const send = sendFromMemory(options);
  return (app: RequestListener): RequestListener =>
    (req, res) => {
      const asset = (req.method === "GET" || req.method === "HEAD") && !req.headers.range ? assets.get(req.url ?? "") : undefined;
      if (!asset) return app(req, res);
      send(req, res, asset);
    };
}

/**
 * Sends a file kept in memory as the app's serveStatic would (server/app.ts): its type, length and
 * encoding (a precompressed copy the client accepts), its caching (a year's, immutable, unless it says), the security
 * headers of a file, a request id and one log line.
 */
export function sendFromMemory({ logger, lifecycle, security }: Options) {
  const { always } = securityHeaderValues(security);
  return (req: IncomingMessage, res: ServerResponse, asset: Asset) => {
    const started = performance.now();
    const method = req.method;
    const requestId = requestIdOf(headerOf(req, "x-request-id"));
    const accepts = headerOf(req, "accept-encoding") ?? "";
    const [encoding, body] =
      asset.br && /\bbr\b/.test(accepts)
        ? ["br", asset.br]
        : asset.gzip && acceptsGzip(accepts)
          ? ["gzip", asset.gzip]
          : [null, asset.body];
    const flat: string[] = [
      "Cache-Control",
      asset.cacheControl ?? IMMUTABLE,
      "Content-Type",
      asset.type,
      "Content-Length",
      String(body.length),
    ];
    flat.push("Last-Modified", asset.modified, "X-Request-Id", requestId);
    if (encoding) flat.push("Content-Encoding", encoding);
    if (asset.br || asset.gzip) flat.push("Vary", "Accept-Encoding");
    for (const [name, value] of always) flat.push(name, value);
    if (lifecycle?.draining) flat.push("Connection", "close");
    res.writeHead(200, flat);
    res.end(method === "HEAD" ? undefined : body);
    logger.info({ requestId, method, path: req.url, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 });
  };
}
