// `SERVER_PROCESSES` above 1 (with DATABASE_URL): `npm start` runs that many server processes on
// one machine, sharing its port through node:cluster (docs/decisions/0021). This process, the
// primary, serves nothing and loads nothing of the app: it starts them, starts another when one
// dies, and passes a stop on to them. Each process is a whole server, as on several machines.
import cluster, { type Worker } from "node:cluster";
import { STOP_MESSAGE, STOP_NOW_MESSAGE } from "./shutdown";

/** How long the primary waits before replacing a process that died after it had served. */
const RESTART_DELAY_MS = 500;

type Supervisor = { count: number; say?: (line: string) => void };

export function superviseServerProcesses({ count, say = (line) => process.stderr.write(`${line}\n`) }: Supervisor) {
  const served = new WeakSet<Worker>();
  let stopping = false;

  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => served.add(worker));
  };
  const running = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const stopAll = () => {
    stopping = true;
    // each process stops gracefully (server/shutdown.ts), even if it also got the signal itself
    for (const worker of running()) if (worker.isConnected()) worker.send(STOP_MESSAGE);
    if (running().length === 0) process.exit();
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (running().length === 0) process.exit();
      return;
    }
    if (!served.has(worker)) {
      // it never served (its configuration, its database): starting it again would only loop
      say(`A server process stopped before it served (${signal ?? `exit ${code}`}): stopping the others.`);
      process.exitCode = code || 1;
      stopAll();
      return;
    }
    say(`Server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}): starting another.`);
    setTimeout(start, RESTART_DELAY_MS).unref();
  });

  const onSignal = () => {
    if (!stopping) return stopAll();
    // a second signal: the processes stop at once, and the shop exits 1, as a lone server does
    process.exitCode = 1;
    for (const worker of running()) if (worker.isConnected()) worker.send(STOP_NOW_MESSAGE);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  for (let i = 0; i < count; i++) start();
}
