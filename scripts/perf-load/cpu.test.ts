import { describe, expect, it } from "vitest";
import { machineCpu, stolenPercent } from "./cpu";
import { stolenLine } from "./report";

const procStat = (user: number, idle: number, steal: number) =>
  `cpu  ${user} 0 100 ${idle} 0 0 0 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 12345\n`;

describe("the host's stolen CPU time (perf:load reports it beside its figures)", () => {
  it("reads the machine's total and stolen ticks from /proc/stat's cpu line", () => {
    expect(machineCpu(procStat(1000, 5000, 400))).toEqual({ total: 6500, stolen: 400 });
  });

  it("gives the stolen share between two readings", () => {
    const before = machineCpu(procStat(1000, 5000, 400));
    // 1,000 ticks later, 250 of them stolen
    const after = machineCpu(procStat(1500, 5250, 650));
    expect(stolenPercent(before, after)).toBe(25);
  });

  it("says nothing without /proc, or when no time has passed", () => {
    expect(machineCpu(null)).toBeNull();
    expect(machineCpu("intr 1\n")).toBeNull();
    const reading = machineCpu(procStat(1, 1, 0));
    expect(stolenPercent(reading, reading)).toBeNull();
    expect(stolenPercent(null, reading)).toBeNull();
  });
});

describe("stolenLine (the report's line on stolen time)", () => {
  it("lists each round and warns when the host took more than 5 %", () => {
    expect(stolenLine([1, 2.4, null])).toBe("CPU stolen by the host in each round: 1 % | 2 % | -\n");
    expect(stolenLine([3, 31])).toMatch(/^CPU stolen by the host in each round: 3 % \| 31 %\nThe host took up to 31 % /);
  });

  it("prints nothing where the machine cannot tell", () => {
    expect(stolenLine([null, null])).toBe("");
  });
});
