// `npm start`: check the configuration, build when the sources are newer than
// the build, then start the server (migrations and demo data happen at start).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadEnvOrExit, startServer } from "../server/main";

loadEnvOrExit();

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
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newestMtime), fs.statSync("react-router.config.ts").mtimeMs, fs.statSync("vite.config.ts").mtimeMs) >
    fs.statSync(built).mtimeMs;

if (stale) {
  process.stdout.write("Building the shop (first start or changed sources)...\n");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await startServer();
