import autocannon from "autocannon";
import { cpuMs } from "./cpu";
import { BROWSER_HEADERS } from "./http-raw";

/** cpuMs: CPU milliseconds the serving processes spent per answer (null without /proc) */
export type Sample = { rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuMs: number | null };
/** pids: the processes that serve it, whose CPU time is counted */
export type Target = { url: string; headers?: Record<string, string>; pids: () => number[] };

/** One autocannon run: `connections` keep-alive connections for `seconds`, GET only. */
export async function measure(target: Target, connections: number, seconds: number): Promise<Sample> {
  const pids = target.pids();
  const cpuBefore = cpuMs(pids);
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...target.headers },
    timeout: 30,
  });
  const cpuAfter = cpuMs(pids);
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    rps: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMs: cpuBefore === null || cpuAfter === null || !answered ? null : (cpuAfter - cpuBefore) / answered,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
