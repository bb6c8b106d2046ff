import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * Writes .br and .gz copies of the client build's JS, CSS and SVG files at maximum
 * compression, served by serveStatic({ precompressed: true }): hashed assets never
 * change, so compressing once at build beats compressing per request (smaller too).
 */
export function precompressAssets(): Plugin {
  let outDir = "";
  let isClient = false;
  return {
    name: "alafia-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isClient = !config.build.ssr;
    },
    writeBundle() {
      if (!isClient) return;
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|svg)$/.test(f))) {
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
    },
  };
}
