import autocannon from "autocannon";
import { BROWSER_HEADERS } from "./http-raw";

export type Sample = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
export type Target = { url: string; headers?: Record<string, string> };

/** One autocannon run: `connections` keep-alive connections for `seconds`, GET only. */
export async function measure(target: Target, connections: number, seconds: number): Promise<Sample> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...target.headers },
    timeout: 30,
  });
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    rps: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
