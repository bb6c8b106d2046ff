// `npm start` (compiled into build/node/start.js and run by scripts/launch.js with plain
// node): check the configuration, build the app when its sources are newer than the build,
// switch the libraries to their production builds, then start the server (migrations and
// demo data happen at start), or, with SERVER_PROCESSES above 1, start that many server
// processes. Nothing here may load React or React Router: the server is imported only once the
// libraries' mode is set.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { loadEnvOrExit } from "../lib/env.server";
import { useProductionLibraries } from "./production-libraries";

const startedAt = performance.now();
// the shop's own mode (NODE_ENV, .env included) is read here, before the libraries' is set
const env = loadEnvOrExit();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = path.resolve("build/server/index.js");
const sources = ["app", "modules", "lib", "db/schema", "public"].filter((d) => fs.existsSync(d));
// the Vite config and its plugins (scripts/vite-*.ts) shape the build too, and so does the step
// React Router runs at its end
const configs = [
  "react-router.config.ts",
  "vite.config.ts",
  "scripts/precompress-assets.ts",
  ...fs
    .readdirSync("scripts")
    .filter((f) => f.startsWith("vite-"))
    .map((f) => path.join("scripts", f)),
];
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newestMtime), ...configs.map((f) => fs.statSync(f).mtimeMs)) > fs.statSync(built).mtimeMs;

if (stale) {
  // the app (build/client, build/server) and, since React Router's build empties build/, this
  // server bundle again (build/node): main.js keeps its name, so the import below finds it
  process.stdout.write("Building the shop (first start or changed sources)...\n");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (env.SERVER_PROCESSES > 1 && cluster.isPrimary) {
  // this process only supervises; each server process runs this file again, finds the build fresh
  // and serves (migrations and demo data are locked in the database, so they run once)
  const { superviseServerProcesses } = await import("../server/server-processes");
  process.stdout.write(`Starting ${env.SERVER_PROCESSES} server processes on port ${env.PORT}...\n`);
  superviseServerProcesses({ count: env.SERVER_PROCESSES });
} else {
  useProductionLibraries();
  const { startServer } = await import("../server/main");
  await startServer(env, startedAt);
}
