import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { createLogger } from "../../lib/logger.server";
import { isAlive } from "../../lib/process-alive.server";
import { sessionCookieName } from "../../modules/accounts/session-cookie.server";
import { createApp } from "../../server/app";
import { createTestContext, type TestContext } from "./test-app";
import type { Role } from "../../modules/accounts/roles";

export type PagesContext = TestContext & {
  /**
   * a request to the whole app, React Router pages included, as a browser sends it: `as` signs in
   * with the session cookie, `ip` is the socket's peer address; redirects are not followed
   */
  page: (path: string, init?: RequestInit & { as?: { id: string; role: Role }; ip?: string }) => Promise<Response>;
};

/**
 * The test context of createTestContext() plus the React Router pages, served from the sources
 * through Vite (as `npm run dev` does): page routes, their loaders' headers and the server's
 * middleware are tested over HTTP in-process, on PGlite and PostgreSQL. Each context has its own
 * database and app; the compiled pages are shared by the worker's files (pagesBuild).
 */
export async function createPagesContext(overrides: Record<string, string> = {}): Promise<PagesContext> {
  const t = await createTestContext(overrides);
  const build = await pagesBuild();
  const app = createApp({ database: t.database, env: t.env, logger: createLogger("silent") }, { build });
  const page: PagesContext["page"] = async (p, init = {}) => {
    const { as, ip, headers, ...rest } = init;
    const h = new Headers(headers);
    if (as) h.append("Cookie", `${sessionCookieName(t.env)}=${await t.loginAs(as)}`);
    if (rest.method && rest.method !== "GET" && !h.has("Origin")) h.set("Origin", "http://localhost:3000");
    const nodeEnv = ip ? { incoming: { socket: { remoteAddress: ip } } } : undefined;
    const url = p.startsWith("http") ? p : `http://localhost:3000${p}`;
    return app.request(url, { redirect: "manual", ...rest, headers: h }, nodeEnv);
  };
  return { ...t, app, page };
}

let pages: Promise<() => Promise<ServerBuild>> | undefined;

/**
 * The pages' server build, compiled once per test worker and shared by its files (files already
 * share the worker's modules, vitest.config.ts `isolate: false`): a Vite server costs ~4 s to
 * start and compile, and two dozen contexts started one each. The build holds no state of its
 * own: each app hands its database and settings to the loaders. Its server lives as long as the
 * worker, watching no files.
 */
function pagesBuild(): Promise<() => Promise<ServerBuild>> {
  pages ??= compilePages().catch((e: unknown) => {
    pages = undefined;
    throw e;
  });
  return pages;
}

async function compilePages(): Promise<() => Promise<ServerBuild>> {
  // A Vite dev server with React Router's plugin deletes and rewrites .react-router/types as it
  // starts (route type generation, not awaited by createServer). Two test workers starting at
  // once race on that folder (ENOTEMPTY, an unhandled rejection that fails the run): one
  // starts at a time, and holds its turn until its pages are compiled, by which time its types
  // are written.
  const unlock = await typegenTurn();
  try {
    const vite = await createServer({
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      appType: "custom",
      logLevel: "silent",
    });
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    // the pages' modules are compiled now, in the first file's set-up (its time limit), not in its first test
    await build();
    return build;
  } finally {
    unlock();
  }
}

/**
 * Waits for this checkout's turn among the test workers: a lock file in the checkout's
 * node_modules/.cache naming its holder's pid, given up when that process has died.
 */
async function typegenTurn(): Promise<() => void> {
  const file = path.resolve("node_modules/.cache/alafia-typegen.lock");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (e) {
      // taken: wait for it, or clear it if its holder is gone; anything else is a real error
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (abandoned(file)) fs.rmSync(file, { force: true });
      else await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Its holder has died, or it stayed empty (a holder that died as it wrote it) for 10 s. */
function abandoned(file: string): boolean {
  try {
    const owner = Number(fs.readFileSync(file, "utf8"));
    return owner ? !isAlive(owner) : Date.now() - fs.statSync(file).mtimeMs > 10_000;
  } catch {
    return false; // released meanwhile: try again
  }
}
