import fs from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import { getMimeType } from "hono/utils/mime";
import type { Logger } from "../lib/logger.server";
import type { AppDeps } from "./context";
import { headerOf, IMMUTABLE } from "./http";
import { acceptsGzip } from "./middleware/compress";
import { requestIdOf } from "./middleware/request-id";
import { securityHeaderValues, type SecurityOptions } from "./middleware/security-headers";

// what the security headers leave without a CSP (server/middleware/security-headers.ts)
const STATIC = /^(text\/javascript|application\/javascript|text\/css|image\/|font\/)/;

export type Asset = { type: string; modified: string; body: Buffer; br?: Buffer; gzip?: Buffer };
export type Options = { logger: Logger; lifecycle?: AppDeps["lifecycle"]; security: SecurityOptions };

/** The build's hashed files (`build/client/assets`) and their .br/.gz copies, read once. */
export function readHashedAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(dir)) return assets;
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const file = path.join(dir, name);
    const stat = fs.statSync(file);
    const type = getMimeType(name);
    if (!stat.isFile() || !type || !STATIC.test(type)) continue;
    const copy = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
    assets.set(`/assets/${name}`, {
      type,
      modified: stat.mtime.toUTCString(),
      body: fs.readFileSync(file),
      br: copy(".br"),
      gzip: copy(".gz"),
    });
  }
  return assets;
}

/**
 * node:http's listener for the app, with the build's hashed files answered from memory before Hono
 * builds a Request. Each page a new visitor opens asks for about fifteen of them; read from disk
 * through the app, each cost four times a cached page (docs/decisions/0018). The answer is the
 * app's (serveStatic with its precompressed copies): the same type, length, encoding, a year's
 * immutable caching, the security headers of a file, a request id and one log line. A range, an
 * unknown name or another method goes to the app.
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
 * encoding (a precompressed copy the client accepts), a year's immutable caching, the security
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
    const flat: string[] = ["Cache-Control", IMMUTABLE, "Content-Type", asset.type, "Content-Length", String(body.length)];
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
