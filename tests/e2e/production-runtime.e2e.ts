// `npm start` runs the production builds of React and React Router, compiled server code and
// plain node, whatever the shop's own mode (NODE_ENV), which keeps its own meaning. The
// evidence is every script the server process compiled, read through the inspector when it
// exits (a probe preloaded with NODE_OPTIONS=--import), and the CommonJS modules it loaded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startExtraShop } from "./support/extra-shop";

const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-runtime-"));
afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));
const probe = path.join(probeDir, "probe.mjs");
fs.writeFileSync(
  probe,
  `import fs from "node:fs";
import inspector from "node:inspector";
import { createRequire } from "node:module";
process.on("exit", () => {
  const dir = process.env.LOADED_SCRIPTS_DIR;
  if (!dir) return;
  const session = new inspector.Session();
  session.connect();
  const scripts = [];
  session.on("Debugger.scriptParsed", (m) => scripts.push(m.params.url));
  session.post("Debugger.enable");
  session.disconnect();
  // by the cache's keys: a JSON file imported from an ES module (sharp's package.json) is kept with no filename
  const required = Object.entries(createRequire(import.meta.url).cache).filter(([, m]) => m && m.loaded).map(([file]) => file);
  fs.writeFileSync(dir + "/" + process.pid + ".json", JSON.stringify({ argv: process.argv, scripts, required }));
});
`,
);

type Loaded = { argv: string[]; scripts: string[]; required: string[] };

/** Starts the shop with `npm start`, asks for a few pages, stops it and returns what its server process loaded. */
async function loadedByServer(tag: string, extraEnv: Record<string, string>, unset: string[] = []) {
  const dir = path.join(probeDir, tag);
  fs.mkdirSync(dir);
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ""} --import=${probe}`.trim();
  const shop = await startExtraShop({ ...extraEnv, NODE_OPTIONS: nodeOptions, LOADED_SCRIPTS_DIR: dir }, { unset });
  let answers: Response[];
  try {
    const list = await fetch(`${shop.baseUrl}/api/products?pageSize=1`);
    const [product] = (await list.clone().json()) as { id: number }[];
    answers = [list, await fetch(`${shop.baseUrl}/`), await fetch(`${shop.baseUrl}/productdetails/${product!.id}`)];
  } finally {
    await shop.stop();
  }
  // every node process wrote a file (npm, a build if one ran): the server loaded the React Router build
  const reports = fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Loaded);
  const server = reports.find((r) => r.scripts.some((s) => s.endsWith("/build/server/index.js")));
  expect(server, `no process loaded build/server/index.js among ${reports.map((r) => r.argv.join(" ")).join("; ")}`).toBeDefined();
  return { answers, files: [...server!.scripts, ...server!.required], argv: server!.argv };
}

const DEVELOPMENT_BUILD = /node_modules\/(react|react-dom|react-router|@react-router\/[^/]+)\/.*development/;

function expectProductionRuntime(loaded: Awaited<ReturnType<typeof loadedByServer>>) {
  for (const answer of loaded.answers) expect(answer.status).toBe(200);
  expect(loaded.files.filter((f) => DEVELOPMENT_BUILD.test(f))).toEqual([]);
  // and the production builds are what served the pages
  for (const file of [
    "node_modules/react/cjs/react.production.js",
    "node_modules/react-dom/cjs/react-dom-server.node.production.js",
    "node_modules/react-router/dist/production/index.mjs",
  ])
    expect(loaded.files.some((f) => f.endsWith(file))).toBe(true);
  // compiled ahead of time, run by plain node: no TypeScript loader, no .ts file compiled
  expect(loaded.files.filter((f) => f.includes("/node_modules/tsx/") || /\.tsx?$/.test(f))).toEqual([]);
  expect(loaded.files.some((f) => f.endsWith("/build/node/start.js"))).toBe(true);
}

describe("npm start's runtime", () => {
  it("serves with the production builds of React and React Router while the shop stays in its default (development) mode", async () => {
    const loaded = await loadedByServer("default", {}, ["NODE_ENV"]);
    expectProductionRuntime(loaded);
    // the shop's own mode is unchanged: no HSTS (a production-only header), sandbox payments allowed
    expect(loaded.answers[1]!.headers.get("strict-transport-security")).toBeNull();
  }, 180_000);

  it("keeps NODE_ENV=production meaning the shop's production mode", async () => {
    const loaded = await loadedByServer("production", {
      NODE_ENV: "production",
      SESSION_SECRET: "runtime-test-secret-runtime-test-secret-01",
      PAYSTACK_SECRET_KEY: "sk_test_offline",
      PAYSTACK_API_BASE: "http://127.0.0.1:9",
    });
    expectProductionRuntime(loaded);
    expect(loaded.answers[1]!.headers.get("strict-transport-security")).toMatch(/max-age=/);
  }, 180_000);
});
