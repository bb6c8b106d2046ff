// Starts the shop the way `npm start` does (the same command, in its own process group)
// for the scripts and the browser tests that measure or drive a running shop.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export type ShopProcess = {
  baseUrl: string;
  process: ChildProcess;
  /** SIGTERM to the whole process group (npm and the server), resolved once it has exited */
  stop: () => Promise<void>;
};

type Options = {
  /** the environment of the server; PORT and HOST say where to find it */
  env: NodeJS.ProcessEnv;
  /** where the server's stdout goes: "inherit" (default) or "ignore" (a per-request log would drown a benchmark) */
  stdout?: "inherit" | "ignore";
  /** how long a start (a build included, when the sources changed) may take */
  timeoutMs?: number;
  /** the checkout to start (default: this one), e.g. to compare two versions with one benchmark */
  cwd?: string;
};

/** Runs `npm start` and waits until GET /api/health answers 200. */
export async function startShop({ env, stdout = "inherit", timeoutMs = 600_000, cwd }: Options): Promise<ShopProcess> {
  const baseUrl = `http://${env.HOST ?? "127.0.0.1"}:${env.PORT ?? "3000"}`;
  const child = spawn("npm", ["start", "--silent"], { env, cwd, stdio: ["ignore", stdout, "inherit"], detached: true });
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      return; // already gone
    }
    // npm may leave before the server has shut down (closed its database): wait for the whole group
    for (let waited = 0; waited < 10_000; waited += 50) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    process.kill(-child.pid!, "SIGKILL");
  };
  // a script that exits (or is interrupted) takes its shop with it
  process.once("exit", () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  });

  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited (${child.exitCode ?? child.signalCode})`);
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the shop did not answer /api/health within ${Math.round(timeoutMs / 1000)} s`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, process: child, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Where a throwaway local shop runs: a free loopback port, a fresh DATA_DIR (prefix names it),
 * its own PUBLIC_URL, warnings only, the embedded database (DATABASE_URL is left out), plus `extra`.
 */
export async function localShopEnv(prefix: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    ...extra,
  };
  delete env.DATABASE_URL;
  return { env, baseUrl, dataDir };
}
