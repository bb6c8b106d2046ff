import http from "node:http";
import type { RecordedAnswer } from "./replay-server";

/** Headers a browser sends with every request; the shop compresses when asked, as for a browser. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "*/*", "user-agent": "Mozilla/5.0 (perf-load)" };

// per-connection or per-answer headers that a replay must not copy as they were
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "set-cookie"]);

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** GET without fetch()'s transparent decompression: the bytes as they crossed the wire. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The shop's answer to a GET, to be replayed byte for byte by the bare server. */
export async function recordAnswer(url: string): Promise<RecordedAnswer> {
  const answer = await rawGet(url);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !NOT_REPLAYED.has(name)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return { status: answer.status, headers, body: answer.body.toString("base64") };
}
