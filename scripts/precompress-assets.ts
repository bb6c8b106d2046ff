import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * Writes .br and .gz copies of the client build's JS, CSS and SVG files at maximum compression,
 * served from memory by server/hashed-assets.ts (and by serveStatic({ precompressed: true })):
 * hashed assets never change, so compressing once at build beats compressing per request (smaller too).
 *
 * Run from React Router's `buildEnd` (react-router.config.ts), once every build is written: the
 * shop's stylesheet is emitted by the server build alone (the browser's Preact layout does not
 * import it) and moved into build/client by React Router after the client build has finished, so a
 * step at the end of the client build never saw it and the 57 KB stylesheet went out uncompressed.
 */
export function precompressClientBuild(clientDir: string): void {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(clientDir).filter((f) => /\.(js|css|svg)$/.test(f))) {
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}
