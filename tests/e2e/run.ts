// `npm run test:e2e`: starts the built shop on a free port with a temporary
// DATA_DIR, then runs the browser journeys (tests/e2e/*.e2e.ts) against it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chrome)) {
  process.stderr.write(`Chromium not found at ${chrome}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).\n`);
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) {
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-e2e-"));
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: baseUrl,
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "owner@alafia.test",
  ADMIN_PASSWORD: "Owner-pass-2026",
};
delete serverEnv.DATABASE_URL;

const started = performance.now();
const server = spawn("npx", ["tsx", "scripts/start.ts"], { env: serverEnv, stdio: ["ignore", "inherit", "inherit"], detached: true });
const stopServer = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stopServer);

let ready = false;
for (let i = 0; i < 240 && !ready; i++) {
  ready = await fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 500));
}
if (!ready) {
  process.stderr.write("The shop did not start within 120 s.\n");
  process.exit(1);
}
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
stopServer();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
