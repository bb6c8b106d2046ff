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
