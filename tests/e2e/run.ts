// `npm run test:e2e`: starts the shop (`npm start`) on a free port with a temporary
// DATA_DIR, then runs the browser journeys (tests/e2e/*.e2e.ts) against it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { localShopEnv, startShop } from "../../scripts/shop-process";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  process.stderr.write(`Chromium not found at ${chrome}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).\n`);
  process.exit(1);
}

const {
  env: serverEnv,
  baseUrl,
  dataDir,
} = await localShopEnv("alafia-e2e-", { ADMIN_EMAIL: "owner@alafia.test", ADMIN_PASSWORD: "Owner-pass-2026" });

const started = performance.now();
// the way `npm start` starts it (building first when the sources changed)
const server = await startShop({ env: serverEnv }).catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
});
process.stdout.write(`Shop up on ${baseUrl} after ${Math.round(performance.now() - started)} ms\n`);

const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    CHROME_PATH: chrome,
    E2E_ADMIN_EMAIL: serverEnv.ADMIN_EMAIL,
    E2E_ADMIN_PASSWORD: serverEnv.ADMIN_PASSWORD,
    E2E_DATA_DIR: dataDir,
  },
});
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
