import fs from "node:fs/promises";
import type { RequestListener } from "node:http";
import path from "node:path";
import type { InvalidationBus } from "../lib/invalidation.server";
import { sendFromMemory, type Asset, type Options } from "./hashed-assets";

// the shop's own uploads: WebP variants under fresh random names, a folder per kind
// (lib/images.server.ts); anything else (a query, an escape, a file being written) is the app's
const UPLOAD = /^\/uploads\/[a-z][\w-]*\/[\w-]+\.webp$/;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/**
 * node:http's listener for the app, with the shop's image uploads in DATA_DIR answered from memory
 * once read. A new visitor's home page shows about a dozen of them; each read from disk through
 * the app cost about four times a cached page (docs/decisions/0018). A name is never reused, so a
 * kept file is only wrong once deleted, which an admin's write does: every invalidation (here or
 * on another server) forgets them all. At most `maxKeptBytes` (64 MB) are kept, the oldest going
 * first. A file not found, a range or another method goes to the app, which answers it as before.
 * `dir` null (the uploads are in a bucket) leaves everything to the app.
 */
export function answerUploads(dir: string | null, invalidation: InvalidationBus, options: Options, maxKeptBytes = MAX_KEPT_BYTES) {
  if (!dir) return (app: RequestListener) => app;
  const kept = new Map<string, Asset>();
  const reading = new Map<string, Promise<Asset | null>>();
  let keptBytes = 0;
  // bumped by every invalidation: a file read before a write is never kept after it
  let generation = 0;
  invalidation.subscribe(() => {
    generation++;
    kept.clear();
    keptBytes = 0;
  });

  const read = async (url: string): Promise<Asset | null> => {
    try {
      const file = path.join(dir, url.slice("/uploads/".length));
      const stat = await fs.stat(file);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return null;
      return { type: "image/webp", modified: stat.mtime.toUTCString(), body: await fs.readFile(file) };
    } catch {
      return null;
    }
  };
  const keep = (url: string, asset: Asset) => {
    for (const [oldest, { body }] of kept) {
      if (keptBytes + asset.body.length <= maxKeptBytes) break;
      kept.delete(oldest);
      keptBytes -= body.length;
    }
    kept.set(url, asset);
    keptBytes += asset.body.length;
  };

  const send = sendFromMemory(options);
  return (app: RequestListener): RequestListener =>
    (req, res) => {
      const url = req.url ?? "";
      if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range || !UPLOAD.test(url)) return app(req, res);
      const asset = kept.get(url);
      if (asset) return send(req, res, asset);
      // one read per file at a time, however many phones ask for it at once
      let pending = reading.get(url);
      if (!pending) {
        const startedIn = generation;
        pending = read(url).then((found) => {
          reading.delete(url);
          if (found && startedIn === generation) keep(url, found);
          return found;
        });
        reading.set(url, pending);
      }
      void pending.then((found) => (found ? send(req, res, found) : app(req, res)));
    };
}
