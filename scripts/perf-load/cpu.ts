import fs from "node:fs";

// CPU time a set of processes has used, from /proc (Linux): on a machine shared with other
// work, CPU milliseconds per answer move far less with the load than requests per second.
const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return 0; // gone, or no /proc
  }
}

/** The processes of a process group (the shop started detached: npm and its node). */
export function groupPids(pgid: number): number[] {
  if (!fs.existsSync("/proc/self/stat")) return [];
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) === pgid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU milliseconds used so far by these processes; null where /proc is missing. */
export function cpuMs(pids: number[]): number | null {
  return pids.length ? pids.reduce((ms, pid) => ms + cpuMsOf(pid), 0) : null;
}

export type MachineCpu = { total: number; stolen: number };

/**
 * The machine's CPU time so far (ticks, all cores), from the `cpu` line of /proc/stat: all of it,
 * and the part a virtual machine's host gave to other guests (steal). Null without /proc.
 */
export function machineCpu(procStat: string | null = readOrNull("/proc/stat")): MachineCpu | null {
  const line = procStat?.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return null;
  return { total: ticks.reduce((a, b) => a + b, 0), stolen: ticks[7]! };
}

/** The share of the machine's time stolen by its host between two readings, in percent. */
export function stolenPercent(from: MachineCpu | null, to: MachineCpu | null): number | null {
  if (!from || !to || to.total <= from.total) return null;
  return (100 * (to.stolen - from.stolen)) / (to.total - from.total);
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
