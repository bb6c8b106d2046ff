import http from "node:http";

/**
 * Bytes of a file as a gzip-only client receives it, and the encoding it was sent with (none for
 * a file too small to gain from it). Chrome asks for Brotli, which the server has pre-built; the
 * JavaScript budget is stated in gzip (`npm run perf:pages`, tests/e2e/page-weight.e2e.ts).
 */
export function gzipBytes(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}
