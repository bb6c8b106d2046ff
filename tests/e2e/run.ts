// `npm run test:e2e`: the browser journeys (tests/e2e/*.e2e.ts) against the shop started as
// `npm start` starts it, on a free port with a temporary DATA_DIR. The whole suite runs as two
// groups of files at once, each with a shop of its own (its own data, its own rate limits): a
// journey spends most of its time waiting on the page, so two of them share two cores well.
// With arguments (`npm run test:e2e -- tests/e2e/cart.e2e.ts`), one group and one shop.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { localShopEnv, startShop, type ShopProcess } from "../../scripts/shop-process";
import { expectedSeconds, splitByWeight } from "./support/groups";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  process.stderr.write(`Chromium not found at ${chrome}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const files = fs
  .readdirSync("tests/e2e")
  .filter((f) => f.endsWith(".e2e.ts"))
  .map((f) => path.join("tests/e2e", f));
// split by each file's running time in one full run (durations.json: the seconds vitest printed
// per file; refresh it after adding or growing journeys); a file not in it is priced by its size
const measured = JSON.parse(fs.readFileSync("tests/e2e/durations.json", "utf8")) as Record<string, number>;
const seconds = expectedSeconds(
  files.map((file) => ({ name: path.basename(file), bytes: fs.statSync(file).size })),
  measured,
);
const groups = args.length
  ? [args]
  : splitByWeight(
      files.map((file, i) => ({ item: file, weight: seconds[i]! })),
      Math.min(2, os.availableParallelism()),
    );

const shops: { shop: ShopProcess; dataDir: string }[] = [];
async function stopShops() {
  for (const { shop, dataDir } of shops) {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Promise<number>[] = [];
try {
  // one shop after the other: the first start builds the shop when its sources changed
  for (const [i, group] of groups.entries()) {
    const { env, baseUrl, dataDir } = await localShopEnv("alafia-e2e-", {
      ADMIN_EMAIL: "owner@alafia.test",
      ADMIN_PASSWORD: "Owner-pass-2026",
    });
    const started = performance.now();
    const shop = await startShop({ env });
    shops.push({ shop, dataDir });
    const label = groups.length > 1 ? `[${i + 1}/${groups.length}] ` : "";
    process.stdout.write(`${label}Shop up on ${baseUrl} after ${Math.round(performance.now() - started)} ms\n`);
    runs.push(
      vitest(label, group, {
        E2E_BASE_URL: baseUrl,
        CHROME_PATH: chrome,
        E2E_ADMIN_EMAIL: env.ADMIN_EMAIL!,
        E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD!,
        E2E_DATA_DIR: dataDir,
      }),
    );
  }
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  await stopShops();
  process.exit(1);
}
const statuses = await Promise.all(runs);
await stopShops();
process.exit(statuses.every((s) => s === 0) ? 0 : 1);

/** One vitest run of `group` (files, or the arguments given), its lines prefixed with `label` when groups run at once. */
function vitest(label: string, group: string[], env: Record<string, string>): Promise<number> {
  const child = spawn("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...group], {
    stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  if (label)
    for (const [from, to] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const)
      readline.createInterface({ input: from }).on("line", (line) => to.write(`${label}${line}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}
