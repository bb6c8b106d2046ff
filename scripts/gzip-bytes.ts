import http from "node:http";

/**
 * Bytes of a file as a client accepting `acceptEncoding` receives them (undecoded), and the
 * encoding it was sent with (none for a file too small to gain from it).
 */
export function encodedBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

/**
 * Bytes of a file as a gzip-only client receives it. Chrome asks for Brotli, which the server has
 * pre-built; the JavaScript budget is stated in gzip (`npm run perf:pages`, tests/e2e/page-weight.e2e.ts).
 */
export const gzipBytes = (url: string) => encodedBytes(url, "gzip");
