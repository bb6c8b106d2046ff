// The pieces of the cluster test: a real HAProxy in front of two shop processes, on loopback.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";
import { startShop, type ShopProcess } from "../../scripts/shop-process";

/** Debian's HAProxy, if installed. */
export function haproxyPath(): string | null {
  for (const candidate of ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"])
    if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  return found || null;
}

export type Balancer = { url: string; statsUrl: string; stop: () => Promise<void> };

// The health check: every 200 ms; two failures take a server out, two successes put it back.
export const CHECK = { interMs: 200, fall: 2, rise: 2 };

/** HAProxy, round-robin over `servers`, health-checked on /api/health; names each answer's server in X-Served-By. */
export async function startBalancer(binary: string, servers: { name: string; port: number }[], port: number): Promise<Balancer> {
  const statsPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-haproxy-"));
  const config = [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    // a request refused by a server that is going away is tried on the other one
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    // no reuse of a server connection that the server may be closing
    "  option http-server-close",
    "frontend shop",
    `  bind 127.0.0.1:${port}`,
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    "  http-check expect status 200",
    "  http-response set-header X-Served-By %[srv_name]",
    `  default-server inter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise}`,
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    "listen stats",
    `  bind 127.0.0.1:${statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "",
  ].join("\n");
  const file = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(file, config);
  const child: ChildProcess = spawn(binary, ["-db", "-f", file], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode})`);
    if (
      await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error("haproxy did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    statsUrl: `http://127.0.0.1:${statsPort}/stats;csv`,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A server's state as HAProxy sees it ("UP", "DOWN", "UP 1/2", …). */
export async function serverState(balancer: Balancer, name: string): Promise<string> {
  const csv = await (await fetch(balancer.statsUrl)).text();
  const row = csv.split("\n").find((line) => line.startsWith(`app,${name},`));
  const header = csv.split("\n")[0]!.replace(/^# /, "").split(",");
  return row?.split(",")[header.indexOf("status")] ?? "missing";
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = performance.now();
  while (!(await check().catch(() => false))) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now() - started;
}

export type AppServer = { name: string; port: number; dataDir: string; shop?: ShopProcess; env: NodeJS.ProcessEnv };

export async function startAppServer(server: AppServer): Promise<void> {
  server.shop = await startShop({ env: { ...server.env, PORT: String(server.port), DATA_DIR: server.dataDir }, stdout: "ignore" });
}

/** Steady traffic through the balancer until stopped: counts answers and failures (non-2xx or no answer). */
export function steadyTraffic(url: string, paths: string[], concurrency = 8) {
  const tally = { sent: 0, failed: 0, failures: [] as { at: number; what: string }[] };
  let running = true;
  const loop = async (i: number) => {
    while (running) {
      const target = url + paths[(tally.sent + i) % paths.length];
      tally.sent++;
      try {
        const res = await fetch(target, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`${res.status}`);
      } catch (e) {
        tally.failed++;
        tally.failures.push({ at: performance.now(), what: `${target}: ${(e as Error).message}` });
      }
    }
  };
  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}
