import { describe, expect, it } from "vitest";
import { expectedSeconds, splitByWeight } from "./groups";

const weighted = (weights: number[]) => weights.map((weight, i) => ({ item: `f${i}`, weight }));

describe("splitByWeight (the browser journeys' two groups)", () => {
  it("puts every item in exactly one group, the weights about even", () => {
    const items = weighted([18, 15, 13, 12, 12, 11, 11, 9, 9, 8, 8, 7, 7, 6, 6, 6]);
    const groups = splitByWeight(items, 2);
    expect(groups).toHaveLength(2);
    expect(groups.flat().sort()).toEqual(items.map((i) => i.item).sort());
    const sums = groups.map((g) => g.reduce((sum, name) => sum + items.find((i) => i.item === name)!.weight, 0));
    expect(Math.abs(sums[0]! - sums[1]!)).toBeLessThanOrEqual(6);
  });

  it("never makes an empty group: fewer items than groups gives one group per item", () => {
    expect(splitByWeight(weighted([5]), 2)).toEqual([["f0"]]);
    expect(splitByWeight(weighted([]), 2)).toEqual([[]]);
    expect(splitByWeight(weighted([1, 2, 3]), 1)).toEqual([["f2", "f1", "f0"]]);
  });
});

describe("expectedSeconds (what the groups are split by)", () => {
  it("takes a measured file's seconds and prices an unmeasured one by its size at the measured rate", () => {
    const files = [
      { name: "a.e2e.ts", bytes: 1000 },
      { name: "b.e2e.ts", bytes: 3000 },
      { name: "new.e2e.ts", bytes: 2000 },
    ];
    // measured: 40 s for 4,000 bytes, so 2,000 unmeasured bytes stand for 20 s
    expect(expectedSeconds(files, { "a.e2e.ts": 30, "b.e2e.ts": 10 })).toEqual([30, 10, 20]);
  });

  it("falls back to the sizes when nothing is measured", () => {
    expect(expectedSeconds([{ name: "a.e2e.ts", bytes: 700 }], {})).toEqual([700]);
  });
});
