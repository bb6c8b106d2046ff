// SERVER_PROCESSES=2 on PostgreSQL: `npm start` runs two server processes sharing one port
// (node:cluster) under a primary that serves nothing. New connections are shared between them;
// an admin's price change is served by both within 1 s; a process that dies is replaced while the
// other answers; SIGTERM to the primary alone (as a container runtime sends it), or to every
// process (a process group's stop), stops them all gracefully; a request a client never finishes
// is cut at SHUTDOWN_TIMEOUT_MS; and a process that cannot start stops the whole shop instead of
// looping.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port";
import { groupPids } from "../../scripts/perf-load/cpu";
import { startShop, type ShopProcess } from "../../scripts/shop-process";
import { dropDatabaseWhenFree, withDatabase } from "../support/global-setup";
import { waitFor } from "./support";

const databaseUrl = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const ADMIN = { email: "owner@alafia.test", password: "Owner-pass-2026" };

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};
const parentOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
};
// node running scripts/launch.js (not the shell npm runs it with)
const isShop = (pid: number) => {
  const [program = "", ...args] = cmdline(pid).split("\0");
  return path.basename(program) === "node" && args.some((arg) => arg.endsWith("launch.js"));
};

/** The shop's primary and its server processes, from the process group `npm start` leads. */
function shopProcesses(shop: ShopProcess) {
  const shopPids = groupPids(shop.process.pid!).filter(isShop);
  const servers = shopPids.filter((pid) => shopPids.includes(parentOf(pid)));
  const primary = shopPids.find((pid) => !servers.includes(pid));
  return { primary, servers: servers.sort() };
}

/** The inodes of the sockets connected to `port` (IPv4 and IPv6), from /proc/net. */
function connectedInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address ends in the port (hex); state 01 is ESTABLISHED
      if (f.length > 9 && parseInt(f[1]!.split(":")[1]!, 16) === port && f[3] === "01") inodes.add(f[9]!);
    }
  }
  return inodes;
}

/** How many of the connections to `port` each process holds. */
function connectionsHeld(pids: number[], port: number): number[] {
  const inodes = connectedInodes(port);
  return pids.map(
    (pid) =>
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return "";
          }
        })
        .filter((link) => inodes.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? "")).length,
  );
}

/** One GET on a connection of its own (no pooling), its status and body. */
function getFresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000 }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject)
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error("timed out"));
      });
  });
}

describe.skipIf(process.platform !== "linux")("SERVER_PROCESSES=2: one shop, two server processes on one port", () => {
  let admin: pg.Client;
  let databaseName: string;
  let dataDir: string;
  let port: number;
  let shop: ShopProcess;
  let env: NodeJS.ProcessEnv;
  const base = () => `http://127.0.0.1:${port}`;

  /** A second shop of its own on this database and a free port (`npm start`'s launcher, info logs), once both its processes are ready. */
  async function startOwnShop(extra: NodeJS.ProcessEnv) {
    const ownPort = await freePort();
    const child = spawn(process.execPath, ["scripts/launch.js"], {
      env: { ...env, PORT: String(ownPort), LOG_LEVEL: "info", ...extra },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await waitFor("two server processes ready", async () => (stdout.match(/Shop ready on /g) ?? []).length === 2, 120_000);
    return { child, ownPort, output: () => stdout, exited };
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    databaseName = `alafia_processes_${crypto.randomBytes(6).toString("hex")}`;
    await admin.query(`create database ${databaseName}`);
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-processes-"));
    env = {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(databaseUrl, databaseName),
      SESSION_SECRET: "processes-secret-processes-secret-0001",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      SERVER_PROCESSES: "2",
    };
    delete env.REDIS_URL;
    shop = await startShop({ env, stdout: "ignore" });
    await waitFor("two server processes", async () => shopProcesses(shop).servers.length === 2);
  });

  afterAll(async () => {
    await shop?.stop();
    await dropDatabaseWhenFree(admin, databaseName);
    await admin?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("shares new connections between the two processes; the primary serves none", async () => {
    const { primary, servers } = shopProcesses(shop);
    expect(primary).toBeDefined();
    expect(servers).toHaveLength(2);
    // ten kept-alive connections at once, held open while counted (one more may be this test's own
    // fetch); the second process may still be starting when the first answers, so until both hold some
    let held: number[] = [];
    let heldByPrimary: number[] = [];
    let answers: number[] = [];
    await waitFor(
      "connections held by both processes",
      async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
        answers = await Promise.all(
          Array.from(
            { length: 10 },
            () =>
              new Promise<number>((resolve, reject) => {
                http
                  .get(`${base()}/api/health`, { agent }, (res) => res.resume().on("end", () => resolve(res.statusCode ?? 0)))
                  .on("error", reject);
              }),
          ),
        );
        held = connectionsHeld(servers, port);
        heldByPrimary = connectionsHeld([primary!], port);
        agent.destroy();
        return held.every((n) => n >= 1);
      },
      60_000,
    );
    expect(answers).toEqual(Array(10).fill(200));
    expect(held.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10);
    expect(heldByPrimary).toEqual([0]);
  });

  it("an admin's price change is served by both processes within 1 s", async () => {
    const login = await fetch(`${base()}/api/auth/adminlogin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const [product] = (await (await fetch(`${base()}/api/products?pageSize=1`)).json()) as { id: string; price: number }[];
    // both processes have it cached
    for (let i = 0; i < 4; i++) expect((await getFresh(`${base()}/api/products/${product!.id}`)).status).toBe(200);
    const price = product!.price + 125;
    const changed = await fetch(`${base()}/api/products/${product!.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ price }),
    });
    expect(changed.status).toBe(200);
    const waited = await waitFor(
      "the new price from both processes",
      async () => {
        // four new connections: two for each process
        const seen = await Promise.all(Array.from({ length: 4 }, () => getFresh(`${base()}/api/products/${product!.id}`)));
        return seen.every((s) => (JSON.parse(s.body) as { price: number }).price === price);
      },
      5_000,
    );
    expect(waited).toBeLessThan(1000);
  });

  it("replaces a process that dies, while the other answers", async () => {
    const before = shopProcesses(shop).servers;
    process.kill(before[0]!, "SIGKILL");
    // reaped by the primary, not only dead
    await waitFor("the dead process gone", async () => !fs.existsSync(`/proc/${before[0]}`));
    // until the new one serves, the other answers every new connection
    for (let i = 0; i < 10; i++) expect((await getFresh(`${base()}/api/health`)).status).toBe(200);
    await waitFor(
      "a new server process",
      async () => {
        const now = shopProcesses(shop).servers;
        return now.length === 2 && !now.includes(before[0]!);
      },
      60_000,
    );
    const after = shopProcesses(shop).servers;
    expect(after).toContain(before[1]);
    // the new one serves too
    await waitFor("the new process holding a connection", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      await Promise.all(
        Array.from(
          { length: 4 },
          () => new Promise((resolve) => http.get(`${base()}/api/health`, { agent }, (res) => res.resume().on("end", resolve))),
        ),
      );
      const held = connectionsHeld(after, port);
      agent.destroy();
      return held.every((n) => n >= 1);
    });
  }, 90_000);

  it("SIGTERM to the primary alone stops every process gracefully", async () => {
    const { primary, servers } = shopProcesses(shop);
    process.kill(primary!, "SIGTERM");
    await waitFor("every shop process gone", async () => [primary!, ...servers].every((pid) => !isShop(pid)), 30_000);
    // npm start ends as its primary did: a clean stop
    const npm = shop.process;
    const code = npm.exitCode ?? (await new Promise<number | null>((resolve) => npm.once("exit", resolve)));
    expect(code).toBe(0);
    expect(
      await getFresh(`${base()}/api/health`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");
  }, 60_000);

  it("stops gracefully when the processes get the signal too, after the primary's stop (a process group's stop)", async () => {
    const { child, ownPort, output, exited } = await startOwnShop({ SHUTDOWN_DELAY_MS: "1500" });
    const servers = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(" ").map(Number);
    expect(servers).toHaveLength(2);
    // the primary's stop reaches them first, then the signal: the signal is their first, not a second
    child.kill("SIGTERM");
    await waitFor("health answering 503", async () => (await getFresh(`http://127.0.0.1:${ownPort}/api/health`)).status === 503, 1_000);
    for (const pid of servers) process.kill(pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    // still draining, not gone
    expect((await getFresh(`http://127.0.0.1:${ownPort}/api/health`)).status).toBe(503);
    expect(await exited).toBe(0);
    expect((output().match(/"msg":"stopped"/g) ?? []).length).toBe(2);
  }, 180_000);

  it("cuts a request still unfinished at SHUTDOWN_TIMEOUT_MS, then stops cleanly (not at the default 10 s)", async () => {
    const { child, ownPort, output, exited } = await startOwnShop({ SHUTDOWN_TIMEOUT_MS: "1500" });
    // a client that starts a request and never finishes it (its headers never end), as a stalled
    // upload on mobile data would: the server counts it in flight and waits for it
    const socket = net.connect(ownPort, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    socket.on("error", () => {});
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${ownPort}\r\n`);
    await new Promise((r) => setTimeout(r, 300));
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
    const signalled = performance.now();
    child.kill("SIGTERM");
    const waited = (await closed) - signalled;
    expect(waited).toBeGreaterThanOrEqual(1400);
    expect(waited).toBeLessThan(5000);
    expect(await exited).toBe(0);
    expect(output()).toContain("requests still in flight at the shutdown timeout");
    expect(output()).toContain('"timeoutMs":1500');
  }, 180_000);

  it("stops with an error, instead of starting processes again and again, when they cannot start", async () => {
    const closedPort = await freePort();
    const child = spawn(process.execPath, ["scripts/launch.js"], {
      env: { ...env, PORT: String(await freePort()), DATABASE_URL: `postgres://root@127.0.0.1:${closedPort}/nowhere` },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain("A server process stopped before it served");
  }, 120_000);
});
