// `npm run perf:admin`: times the admin purchases list (GET /api/purchases,
// in-process, through the real app and its auth) on DATABASE_URL after
// `npm run seed:volume`: searched, filtered by date, filtered by status, paged.
// Prints p50/p95/max per scenario and overall; the target is p95 < 50 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { parseEnv } from "../lib/env.server";
import { createLogger } from "../lib/logger.server";
import { createSession } from "../modules/accounts/sessions.server";
import { createApp } from "../server/app";

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write("Set DATABASE_URL to the database filled by `npm run seed:volume`.\n");
  process.exit(1);
}
const RUNS = Number(process.env.PERF_RUNS ?? 200);
const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
const db = database.db;
const [{ n } = { n: 0 }] = ((await db.execute(sql`select count(*)::int as n from purchases`)) as unknown as { rows: { n: number }[] }).rows;
if (n < 50_000) process.stdout.write(`Warning: only ${n} purchases; run \`npm run seed:volume\` first.\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-perf-"));
const env = parseEnv({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  SESSION_SECRET: "perf-secret-perf-secret-perf-secret-01",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "http://localhost:3000",
});
const app = createApp({ database, env, logger: createLogger("silent") });
const [admin] = await db
  .insert(users)
  .values({ firstName: "Perf", lastName: "Admin", email: `perf-${Date.now()}@volume.test`, role: "admin", passwordHash: "!" })
  .returning();
const { token } = await createSession(db, env.SESSION_SECRET, { id: admin!.id, role: "admin" });

const terms = ["ada", "funmi", "chiamaka", "gmail", "yahoo.com", "temitope", "zainab", "outlook", "ngozi.12", "shipped", "pending", "kemi"];
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(a: T[], i: number) => a[i % a.length]!;
const scenarios: Record<string, (i: number) => string> = {
  "first page, no filter": () => "",
  "search name/email/status": (i) => `q=${pick(terms, i)}`,
  "date range (30 days)": (i) => `from=${day(40 + (i % 200))}&to=${day(10 + (i % 200))}`,
  "search + date range + page 3": (i) => `q=${pick(terms, i)}&from=${day(200)}&to=${day(1)}&page=3`,
  "status filter + deep page (page 200)": (i) => `status=${pick(["completed", "delivered", "shipped"], i)}&page=200`,
  "search + status + date, oldest first": (i) => `q=${pick(terms, i)}&status=completed&from=${day(365)}&to=${day(0)}&sort=oldest`,
  // docs/product.md "Part payments": the orders part paid, alone and with a search
  "part paid, alone or searched": (i) => (i % 2 ? "payment=part" : `q=${pick(terms, i)}&payment=part`),
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const all: number[] = [];
// the machine's load belongs next to the numbers: on a shared machine they move with it
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
process.stdout.write(`${n} purchases; ${RUNS} requests per scenario (pageSize 5); ${os.cpus().length} cores, load average ${load()}\n`);
for (const [name, query] of Object.entries(scenarios)) {
  for (let i = 0; i < 5; i++) await app.request(`/api/purchases?${query(i)}`, { headers: { Authorization: `Bearer ${token}` } }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const res = await app.request(`/api/purchases?${query(i)}`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - s);
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  process.stdout.write(
    `${name.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms\n`,
  );
}
all.sort((a, b) => a - b);
const p95 = pct(all, 95);
process.stdout.write(
  `${"overall".padEnd(40)} p50 ${pct(all, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${p95 < 50 ? "OK (< 50 ms)" : "TOO SLOW (target < 50 ms)"}\n`,
);
process.stdout.write(`load average at the end: ${load()}\n`);
await db.delete(users).where(sql`${users.id} = ${admin!.id}`);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(p95 < 50 ? 0 : 1);
