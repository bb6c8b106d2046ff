// `npm run perf:load`: throughput under load, each request against a reference served in
// the same run. Starts the built shop with `npm start` on a fresh DATA_DIR (demo data; with
// `--db postgres`, a fresh database on DATABASE_URL's server, dropped afterwards), a bare
// node:http server replaying the exact bytes of the shop's answers to
// GET /api/products?pageSize=24 and GET /api/health, then drives each with autocannon (50
// connections, loopback) in alternating rounds: the reference and the shop back to back.
// SSR pages and an uploaded picture are held against
// one of the shop's own hashed static assets under /assets.
// Prints a table (median of the rounds; ratio = median of the per-round ratios) with the
// targets, and the CPU milliseconds the serving processes spent per answer (from /proc: it
// moves far less than req/s with the load of a shared machine), writes test-results/perf-load.json. Exits 0 even when a target is missed,
// unless --strict. The shop's mode is the caller's NODE_ENV, as for `npm start`
// (production: a session secret, a Paystack key that is never used and PUBLIC_URL are filled in).
//   --db postgres   PostgreSQL from DATABASE_URL (default: the embedded PGlite)
//   --volume        PostgreSQL only: load 10,000 products and 100,000 orders first (seed:volume)
//   --rounds N      rounds (default 3); --seconds N per request and round (default 5)
//   --strict        exit 1 when a target is missed
//   --shop-dir DIR  run `npm start` in another checkout (built, with its node_modules), to
//                   compare two versions of the shop with the same benchmark
import { fork, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";
import { groupPids, machineCpu, stolenPercent } from "./perf-load/cpu";
import { recordAnswer, rawGet } from "./perf-load/http-raw";
import { measure, type Sample, type Target } from "./perf-load/measure";
import type { ReplayMessage } from "./perf-load/replay-server";
import { loadAverage, stolenLine, summarise, table, type Check } from "./perf-load/report";
import { startShop, type ShopProcess } from "./shop-process";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: number, max: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) fail(`${name} must be a whole number from 1 to ${max}`);
  return value;
};
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}
const postgres = args[args.indexOf("--db") + 1] === "postgres" && flag("--db");
const volume = flag("--volume");
const strict = flag("--strict");
const ROUNDS = option("--rounds", 3, 10);
const SECONDS = option("--seconds", 5, 30);
const shopDirArg = args.indexOf("--shop-dir");
const shopDir = shopDirArg >= 0 ? path.resolve(args[shopDirArg + 1] ?? ".") : undefined;
if (shopDir && !fs.existsSync(path.join(shopDir, "package.json"))) fail(`--shop-dir: no package.json in ${shopDir}`);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
if (volume && !postgres) fail("--volume needs --db postgres (and DATABASE_URL).");
if (postgres && !process.env.DATABASE_URL) fail("--db postgres needs DATABASE_URL (postgres://...): a database is created beside it.");

// ---- the shop, on a fresh database
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-load-"));
const shopEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "true" };
delete shopEnv.DATABASE_URL;
delete shopEnv.REDIS_URL;
const production = process.env.NODE_ENV === "production";
if (production) {
  shopEnv.SESSION_SECRET ??= "perf-load-session-secret-perf-load-0001";
  shopEnv.PAYSTACK_SECRET_KEY ??= "sk_test_perf_load_never_called";
  shopEnv.PAYSTACK_API_BASE = "http://127.0.0.1:9"; // nothing is paid during the benchmark
  shopEnv.PUBLIC_URL ??= `http://127.0.0.1:${port}`;
}
let admin: pg.Client | undefined;
const dbName = `alafia_perf_${process.pid}`;
if (postgres) {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  shopEnv.DATABASE_URL = url.toString();
  // a shop on a shared database needs its own session secret
  shopEnv.SESSION_SECRET ??= "perf-load-session-secret-perf-load-0001";
}
let replay: ReturnType<typeof fork> | undefined;
let shop: ShopProcess | undefined;
const cleanUp = async () => {
  replay?.kill();
  await shop?.stop();
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

const dbLabel = postgres ? "PostgreSQL" : "PGlite";
process.stdout.write(
  `perf:load on ${dbLabel}${volume ? " + volume data" : ""}, shop mode ${production ? "production" : (process.env.NODE_ENV ?? "development")}; ` +
    `${os.cpus().length} cores, load average ${loadAverage()}\nStarting the shop (npm start${shopDir ? ` in ${shopDir}` : ""})...\n`,
);
// stdout ignored: one log line per request would drown the terminal (and is written all the same)
try {
  shop = await startShop({ env: shopEnv, stdout: "ignore", cwd: shopDir });
  await run(shop.baseUrl);
} catch (e) {
  process.stderr.write(`perf:load failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

async function run(base: string) {
  if (volume) {
    process.stdout.write("Loading 10,000 products and 100,000 orders (seed:volume)...\n");
    const seeded = spawnSync("npx", ["tsx", "scripts/seed-volume.ts"], {
      env: { ...process.env, DATABASE_URL: shopEnv.DATABASE_URL },
      stdio: "inherit",
    });
    if (seeded.status !== 0) throw new Error("seed:volume failed");
  }

  // ---- what to request: a product, a customer's session cookie, a hashed asset
  const LIST = "/api/products?pageSize=24";
  const products = (await (await fetch(`${base}${LIST}`)).json()) as { id: number | string }[];
  if (!products.length) throw new Error("The shop has no products: is SEED_DEMO off?");
  const productPage = `/productdetails/${products[0]!.id}`;
  const email = `perf-${process.pid}@load.test`;
  const password = "Perf-load-2026";
  const json = { "content-type": "application/json" };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ firstName: "Perf", lastName: "Load", email, password }),
  });
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0];
  if (!registered.ok || !login.ok || !cookie)
    throw new Error(`Could not sign in a customer: register ${registered.status}, login ${login.status}`);
  const home = (await rawGet(`${base}/`, { "accept-encoding": "identity" })).body.toString("utf8");
  const asset = /\/assets\/[\w.-]+\.css/.exec(home)?.[0] ?? /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
  if (!asset) throw new Error("No hashed /assets/ file linked from the home page: is the build there?");
  const signedIn = await rawGet(`${base}${productPage}`, { cookie });
  if (signedIn.status !== 200) throw new Error(`Signed-in product page: ${signedIn.status}`);
  const me = await rawGet(`${base}/api/auth/me`, { cookie });
  if (me.status !== 200) throw new Error(`Signed-in /api/auth/me: ${me.status}`);
  // a picture of the home page's, as a phone asks for it (the demo data's images are uploads on the shop's disk)
  const picture = /\/uploads\/[\w/-]+\.webp/.exec(home)?.[0];
  if (!picture) throw new Error("No uploaded picture on the home page: is SEED_DEMO off?");

  // ---- the reference: a bare node:http server replaying the shop's own bytes
  const answers = { [LIST]: await recordAnswer(`${base}${LIST}`), "/api/health": await recordAnswer(`${base}/api/health`) };
  replay = fork(path.resolve("scripts/perf-load/replay-server.ts"), { stdio: "inherit" });
  replay.send({ answers } satisfies ReplayMessage);
  const barePort = await new Promise<number>((resolve) => replay!.once("message", (m: { port: number }) => resolve(m.port)));
  const bare = `http://127.0.0.1:${barePort}`;

  const checks: Check[] = [
    { name: "API product list (24)", path: LIST, reference: "bare list", minRatio: 0.5, maxP99Ms: 25 },
    { name: "/api/health", path: "/api/health", reference: "bare health", minRatio: 0.6 },
    { name: "SSR /", path: "/", reference: "static asset", minRatio: 0.3, maxP99Ms: 50 },
    { name: "SSR /products", path: "/products", reference: "static asset", minRatio: 0.3, maxP99Ms: 50 },
    { name: "SSR product page", path: productPage, reference: "static asset", minRatio: 0.3, maxP99Ms: 50 },
    { name: "SSR product page, signed in", path: productPage, reference: "static asset", minRatio: 0.1, headers: { cookie } },
    // the least a signed-in answer costs (her session and one read, no page): a floor for the row above
    { name: "signed in: /api/auth/me", path: "/api/auth/me", reference: "static asset", headers: { cookie } },
    // a new visitor's home page shows about a dozen
    { name: "uploaded picture", path: picture, reference: "static asset" },
  ];
  // CPU time is counted over the shop's whole process group (npm and the server) and the replay's process
  const shopPids = () => groupPids(shop!.process.pid!);
  const barePids = () => [replay!.pid!];
  const references: Record<Check["reference"], Target> = {
    "bare list": { url: `${bare}${LIST}`, pids: barePids },
    "bare health": { url: `${bare}/api/health`, pids: barePids },
    "static asset": { url: `${base}${asset}`, pids: shopPids },
  };
  const shopTarget = (c: Check): Target => ({ url: `${base}${c.path}`, headers: c.headers, pids: shopPids });

  process.stdout.write(
    `Shop on ${base}, bare node:http on ${bare}, static asset ${asset}; ${CONNECTIONS} connections, ` +
      `${ROUNDS} rounds × ${SECONDS} s per request (after ${WARMUP_SECONDS} s warm-up each)\n`,
  );
  // requests still running when autocannon stops (up to a p99's worth) must not slow the next run;
  // and the shop answers /api/health (queued behind them for a database connection) first
  const settle = async (run: Sample) => {
    await new Promise((r) => setTimeout(r, Math.min(run.p99, 5_000) + 250));
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
    return run;
  };
  for (const target of [...Object.values(references), ...checks.map(shopTarget)])
    await settle(await measure(target, CONNECTIONS, WARMUP_SECONDS));

  const results = new Map<Check, { shop: Sample; reference: Sample }[]>(checks.map((c) => [c, []]));
  const loadDuring: string[] = [];
  const stolenDuring: (number | null)[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const roundStart = machineCpu();
    // the reference and the shop back to back; odd rounds go the other way round, so a drift in
    // the machine's load does not always favour the same side
    const order = round % 2 ? [...checks].reverse() : checks;
    for (const check of order) {
      const pair = round % 2 ? [shopTarget(check), references[check.reference]] : [references[check.reference], shopTarget(check)];
      const first = await settle(await measure(pair[0]!, CONNECTIONS, SECONDS));
      const second = await settle(await measure(pair[1]!, CONNECTIONS, SECONDS));
      const [reference, shopSample] = round % 2 ? [second, first] : [first, second];
      results.get(check)!.push({ shop: shopSample, reference });
      process.stdout.write(
        `  round ${round + 1} ${check.name.padEnd(28)} ${shopSample.rps.toFixed(0).padStart(6)} req/s vs ${reference.rps.toFixed(0).padStart(6)} ${check.reference} ${shopSample.rps ? `(p99 ${shopSample.p99} ms, ${shopSample.cpuMs?.toFixed(2) ?? "-"} CPU ms/req)` : `(no answer within ${SECONDS} s)`}\n`,
      );
    }
    loadDuring.push(loadAverage());
    stolenDuring.push(stolenPercent(roundStart, machineCpu()));
  }

  const rows = checks.map((c) => summarise(c, results.get(c)!));
  process.stdout.write(`\n${table(rows)}\n\nload average after each round: ${loadDuring.join(" | ")}\n${stolenLine(stolenDuring)}`);
  const report = {
    db: dbLabel,
    volume,
    shopMode: production ? "production" : (process.env.NODE_ENV ?? "development"),
    connections: CONNECTIONS,
    rounds: ROUNDS,
    secondsPerRun: SECONDS,
    cores: os.cpus().length,
    node: process.version,
    loadAverage: loadDuring,
    stolenPercent: stolenDuring.map((p) => (p === null ? null : Math.round(p * 10) / 10)),
    shopDir: shopDir ?? null,
    asset,
    productPage,
    results: rows,
  };
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync("test-results/perf-load.json", JSON.stringify(report, null, 2) + "\n");
  process.stdout.write("Written to test-results/perf-load.json\n");
  const missed = rows.filter((r) => r.pass === false).length;
  if (strict && missed) process.exitCode = 1;
}
