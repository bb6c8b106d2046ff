// The fuzz tests' randomness and bookkeeping: a seeded generator, so a failing run is
// reproduced with FUZZ_SEED=<the printed seed>, and the counts they print.
import crypto from "node:crypto";

/** The run's seed: FUZZ_SEED when given, a fresh one otherwise (printed by the tests). */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`FUZZ_SEED must be a whole number, not ${given}`);
    return seed >>> 0;
  }
  return crypto.randomInt(2 ** 31);
}

/** mulberry32: small, fast and the same on every machine. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** a few distinct entries of the list */
  some<T>(list: readonly T[], most: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    const n = this.int(1, Math.min(most, copy.length));
    for (let i = 0; i < n; i++) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

/** Counts requests by role and kind, and prints them as a small table. */
export class Tally {
  readonly counts = new Map<string, Map<string, number>>();
  add(role: string, kind: string) {
    const row = this.counts.get(role) ?? new Map<string, number>();
    row.set(kind, (row.get(kind) ?? 0) + 1);
    this.counts.set(role, row);
  }
  get total(): number {
    let n = 0;
    for (const row of this.counts.values()) for (const v of row.values()) n += v;
    return n;
  }
  table(): string {
    const kinds = [...new Set([...this.counts.values()].flatMap((row) => [...row.keys()]))].sort();
    const lines = [["role", ...kinds, "total"].join("\t")];
    for (const [role, row] of this.counts) {
      const values = kinds.map((k) => row.get(k) ?? 0);
      lines.push([role, ...values, values.reduce((a, b) => a + b, 0)].join("\t"));
    }
    return lines.join("\n");
  }
}
