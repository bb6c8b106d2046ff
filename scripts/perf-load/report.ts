import os from "node:os";
import { median, type Sample } from "./measure";

/** A request the benchmark drives, the reference it is held against, and its targets. */
export type Check = {
  name: string;
  path: string;
  reference: "bare list" | "bare health" | "static asset";
  /** none: the row is measured to compare with the others (a floor), never a miss */
  minRatio?: number;
  maxP99Ms?: number;
  /** sent with every request (the signed-in page's session cookie) */
  headers?: Record<string, string>;
};

export type Row = {
  name: string;
  path: string;
  reference: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  referenceRps: number;
  referenceP99: number;
  /** CPU milliseconds per answer, shop and reference (null without /proc) */
  cpuMs: number | null;
  referenceCpuMs: number | null;
  /** median of the per-round ratios: each round's pair ran back to back */
  ratio: number;
  target: string;
  /** null when the row has no target */
  pass: boolean | null;
  rounds: { shop: Sample; reference: Sample }[];
};

const medianOrNull = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : median(xs as number[]));

export function summarise(check: Check, rounds: { shop: Sample; reference: Sample }[]): Row {
  const ratio = median(rounds.map((r) => (r.reference.rps > 0 ? r.shop.rps / r.reference.rps : 0)));
  const p99 = median(rounds.map((r) => r.shop.p99));
  const non2xx = rounds.reduce((n, r) => n + r.shop.non2xx, 0);
  const errors = rounds.reduce((n, r) => n + r.shop.errors, 0);
  const { minRatio, maxP99Ms } = check;
  const target = minRatio === undefined ? "none" : `≥ ${minRatio}×${maxP99Ms === undefined ? "" : `, p99 ≤ ${maxP99Ms} ms`}`;
  // numbers made of error answers say nothing: any non-2xx or connection error is a miss
  const pass =
    minRatio === undefined ? null : ratio >= minRatio && (maxP99Ms === undefined || p99 <= maxP99Ms) && non2xx === 0 && errors === 0;
  return {
    name: check.name,
    path: check.path,
    reference: check.reference,
    rps: median(rounds.map((r) => r.shop.rps)),
    p50: median(rounds.map((r) => r.shop.p50)),
    p99,
    non2xx,
    errors,
    referenceRps: median(rounds.map((r) => r.reference.rps)),
    referenceP99: median(rounds.map((r) => r.reference.p99)),
    cpuMs: medianOrNull(rounds.map((r) => r.shop.cpuMs)),
    referenceCpuMs: medianOrNull(rounds.map((r) => r.reference.cpuMs)),
    ratio,
    target,
    pass,
    rounds,
  };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Above this share of stolen time, the host's other guests pull req/s down with no change in the shop. */
export const STOLEN_WARNING_PERCENT = 5;

/**
 * What the host took from this virtual machine in each round (steal time), with a warning when it
 * took enough to make the req/s incomparable with a quiet run; nothing where /proc/stat is missing.
 */
export function stolenLine(perRound: (number | null)[]): string {
  if (perRound.every((p) => p === null)) return "";
  const shown = perRound.map((p) => (p === null ? "-" : `${p.toFixed(0)} %`)).join(" | ");
  const worst = Math.max(...perRound.map((p) => p ?? 0));
  const warning =
    worst > STOLEN_WARNING_PERCENT
      ? `The host took up to ${worst.toFixed(0)} % of this machine's CPU: req/s are lower than on a quiet machine, and the ratios (each against a reference in the same round) are what to compare.\n`
      : "";
  return `CPU stolen by the host in each round: ${shown}\n${warning}`;
}

export function table(rows: Row[]): string {
  const head = [
    "request",
    "req/s",
    "p50 ms",
    "p99 ms",
    "non-2xx",
    "CPU ms/req",
    "reference",
    "ref req/s",
    "ref CPU ms",
    "ratio",
    "target",
    "",
  ];
  const cpu = (ms: number | null) => (ms === null ? "-" : ms.toFixed(3));
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    // no answer within the run: its latency is longer than the run, not 0
    r.rps ? r.p50.toFixed(1) : "-",
    r.rps ? r.p99.toFixed(1) : "-",
    String(r.non2xx + r.errors),
    cpu(r.cpuMs),
    r.reference,
    r.referenceRps.toFixed(0),
    cpu(r.referenceCpuMs),
    `${r.ratio.toFixed(3)}×`,
    r.target,
    r.pass === null ? "" : r.pass ? "PASS" : "MISS",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === 6 || i === 10 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(line)].join("\n");
}
