// `npm run perf:start`: times `npm start` on an empty embedded database until /api/health
// answers (migrations + demo data included), stops it, starts it again on the same
// DATA_DIR and checks that nothing was seeded twice. `--cold` deletes the build first, so
// the first start also builds the app, as it does on a fresh clone.
// Writes test-results/perf-start.json; exits 1 when the second start changed the data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";
import { startShop } from "./shop-process";

if (process.argv.includes("--cold")) fs.rmSync("build", { recursive: true, force: true });

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-start-"));
const baseUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
delete env.DATABASE_URL;
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

const lists = ["products", "categories", "posts", "deliveryrates"] as const;
type Counts = Record<(typeof lists)[number], number>;

async function counts(): Promise<Counts> {
  const entries = await Promise.all(
    lists.map(async (list) => {
      const res = await fetch(`${baseUrl}/api/${list}?page=1&pageSize=1`);
      const total = res.headers.get("X-Total-Count");
      if (!res.ok || total === null) throw new Error(`/api/${list}: ${res.status}, no X-Total-Count`);
      return [list, Number(total)] as const;
    }),
  );
  return Object.fromEntries(entries) as Counts;
}

/** Starts the shop, waits for /api/health, reads the counts, stops it. Milliseconds until healthy. */
async function timedStart(): Promise<{ ms: number; counts: Counts }> {
  const started = performance.now();
  const shop = await startShop({ env, stdout: "ignore" });
  try {
    const ms = Math.round(performance.now() - started);
    return { ms, counts: await counts() };
  } finally {
    await shop.stop();
  }
}

const first = await timedStart();
const second = await timedStart();
const unchanged = lists.every((list) => first.counts[list] === second.counts[list]);
const report = {
  cold: process.argv.includes("--cold"),
  firstStartMs: first.ms,
  secondStartMs: second.ms,
  seeded: first.counts,
  afterRestart: second.counts,
  unchanged,
};
console.log(JSON.stringify(report, null, 2));
fs.mkdirSync("test-results", { recursive: true });
fs.writeFileSync("test-results/perf-start.json", JSON.stringify(report, null, 2) + "\n");
if (!unchanged || first.counts.products === 0) {
  console.error("The second start changed the data, or the first seeded nothing.");
  process.exit(1);
}
