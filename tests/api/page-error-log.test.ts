import { ilike } from "drizzle-orm";
import { createElement } from "react";
import { Outlet, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as entry from "../../app/entry.server";
import { appContext } from "../../app/context";
import { products } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { createApp } from "../../server/app";
import { createTestContext, type TestContext } from "../support/test-app";

// A page's loader that fails in the database: the error is logged through the shop's logger
// (React Router's handleError in app/entry.server.tsx), which names the query but never its
// values. React Router's default handler printed the error to stderr, `params: [ '%\x00%' ]` and all.
let t: TestContext;
const SECRET = "Secret-Search-Term-42";

beforeAll(async () => {
  t = await createTestContext();
});

/** A loader that runs a query PostgreSQL refuses (a NUL character in text), with a value that must not be logged. */
async function failingSearch({ context }: { context: { get: (key: typeof appContext) => { db: TestContext["db"] } } }) {
  const { db } = context.get(appContext);
  return db
    .select()
    .from(products)
    .where(ilike(products.title, `%${SECRET}\u0000%`));
}

/** The smallest server build React Router serves: a root with an error boundary, a page and a resource route on that loader. */
function buildWith(): ServerBuild {
  const route = (id: string, path: string | undefined, parentId: string | undefined, module: Record<string, unknown>) => ({
    id,
    path,
    parentId,
    module,
    hasLoader: "loader" in module,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: "ErrorBoundary" in module,
    isResourceRoute: !("default" in module),
    imports: [],
    module_: "",
  });
  const routes = {
    root: route("root", "", undefined, {
      default: () => createElement(Outlet),
      ErrorBoundary: () => createElement("p", null, "Something went wrong"),
    }),
    page: route("page", "search", "root", { default: () => createElement("p", null, "results"), loader: failingSearch }),
    resource: route("resource", "search.json", "root", { loader: failingSearch }),
  };
  const manifest = Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { ...r, module: `/${id}.js` }]));
  return {
    entry: { module: entry },
    routes,
    assets: { entry: { imports: [], module: "/entry.js" }, routes: manifest, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("a page whose loader fails in the database", () => {
  it.each(["/search?q=x", "/search.json"])("%s answers a 500 and logs the query, never its values", async (path) => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    const app = createApp({ database: t.database, env: t.env, logger }, { build: buildWith() });
    const res = await app.request(path);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain(SECRET);
    const errors = lines.map((l) => JSON.parse(l) as { msg: string; err?: { type: string; query?: string } });
    expect(errors).toContainEqual(
      expect.objectContaining({
        msg: "page error",
        err: expect.objectContaining({ type: "QueryError", query: expect.stringMatching(/ilike/) }),
      }),
    );
    expect(lines.join("\n")).not.toContain(SECRET);
  });

  it("logs nothing for a 4xx: a POST to a page without an action is a 405, not a server error", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    const app = createApp({ database: t.database, env: t.env, logger }, { build: buildWith() });
    const res = await app.request("http://localhost:3000/search", {
      method: "POST",
      body: new URLSearchParams({ q: "x" }),
      headers: { Origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(405);
    expect(lines).toEqual([]);
  });

  it("logs an error that wraps a failed query without the query's values too", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    const failed = await failingSearch({ context: { get: () => ({ db: t.db }) } }).catch((e: unknown) => e);
    logger.error({ err: new Error("search failed", { cause: failed }) }, "wrapped");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(SECRET);
    expect(JSON.parse(lines[0]!).err).toMatchObject({ message: "search failed", cause: { type: "QueryError" } });
  });
});
