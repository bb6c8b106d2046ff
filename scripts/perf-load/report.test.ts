import { describe, expect, it } from "vitest";
import type { Sample } from "./measure";
import { summarise, table, type Check } from "./report";

const sample = (rps: number, p99: number): Sample => ({ rps, p50: p99 / 2, p99, non2xx: 0, errors: 0, cpuMs: 1 });
const rounds = (shop: number, reference: number, p99 = 10) =>
  [1, 2, 3].map(() => ({ shop: sample(shop, p99), reference: sample(reference, 1) }));

describe("perf:load's table", () => {
  const page: Check = { name: "page", path: "/", reference: "static asset", minRatio: 0.3, maxP99Ms: 50 };

  it("passes a row that meets its ratio and p99, and misses one that does not", () => {
    expect(summarise(page, rounds(400, 1000)).pass).toBe(true);
    expect(summarise(page, rounds(200, 1000)).pass).toBe(false);
    expect(summarise(page, rounds(400, 1000, 80)).pass).toBe(false);
  });

  it("measures a row without a target (a floor to compare with) and never counts it a miss", () => {
    const floor = summarise({ name: "signed in: /api/auth/me", path: "/api/auth/me", reference: "static asset" }, rounds(30, 1000));
    expect(floor).toMatchObject({ pass: null, target: "none", ratio: 0.03, rps: 30 });
    const printed = table([summarise(page, rounds(200, 1000)), floor]).split("\n");
    expect(printed[2]).toMatch(/\| MISS \|$/);
    expect(printed[3]).toMatch(/\| none +\| +\|$/);
  });
});
