// The server's code (scripts/start.ts and what it imports: server/, modules/, lib/, db/,
// app/context.ts) compiled ahead of time into build/node/ with esbuild, so that `npm start`
// runs plain JavaScript under plain `node` (tsx is for `npm run dev`, the tests and the
// scripts). Packages stay external: node resolves them from node_modules at run time, the
// same copies the React Router build in build/server/ imports.
// Plain JavaScript, because it runs before anything is compiled: `node scripts/server-bundle.js`
// (part of `npm run build`) bundles; scripts/launch.js bundles when the sources changed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const outdir = path.resolve("build/node");
export const entry = path.join(outdir, "start.js");
const metaFile = path.join(outdir, "meta.json");

/** @type {import("esbuild").BuildOptions} */
const options = {
  // start.js (scripts/start.ts) must not load React: it imports main.js once NODE_ENV is set;
  // the code both use (the configuration) lands in a shared chunk, loaded once
  entryPoints: { start: "scripts/start.ts", main: "server/main.ts" },
  entryNames: "[name]",
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
};

export async function bundleServer() {
  const { build } = await import("esbuild");
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build(options);
  // the list of source files read, for the staleness check
  fs.writeFileSync(metaFile, JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
}

/** True when the bundle is missing or older than one of the files it was made from (or than this file). */
export function serverBundleIsStale() {
  try {
    const builtAt = fs.statSync(metaFile).mtimeMs;
    /** @type {{ inputs: string[] }} */
    const meta = JSON.parse(fs.readFileSync(metaFile, "utf8"));
    const sources = [...meta.inputs, fileURLToPath(import.meta.url), "package.json", "tsconfig.json"];
    // a deleted or renamed source throws here: stale too
    return sources.some((file) => fs.statSync(file).mtimeMs > builtAt);
  } catch {
    return true;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await bundleServer();
  process.stdout.write(`Server bundled into ${path.relative(process.cwd(), outdir)}/ in ${Math.round(performance.now() - started)} ms\n`);
}
