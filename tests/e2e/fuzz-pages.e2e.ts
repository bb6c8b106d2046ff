import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEmail, adminPassword } from "./support/admin";
import { startExtraShop } from "./support/extra-shop";
import { hostileForm, hostileMultipart, hostileQuery, leaksStack } from "../support/fuzz";
import { fuzzSeed, Rng, Tally } from "../support/fuzz-rng";
import { badId, fieldNames, malformedJson } from "../support/fuzz-values";

// Hostile requests to every page route of the built shop (the one the e2e runner started),
// over plain HTTP: GET with hostile query strings (as documents and as React Router's .data
// requests), bad ids in the path, and hostile forms (url-encoded, broken multipart, JSON)
// posted to every action, as anonymous, customer and admin. None may answer 500 or show a
// stack trace, and the shop must still serve pages at the end. The routes come from the
// server build, so a new page is fuzzed without touching this file. The back office's screens
// write through their actions (docs/decisions/0011-one-way-to-write.md), so an admin's hostile form
// can rename a category or a post: the fuzzer gets a shop of its own, and the journeys keep theirs.
//
// Seeded: the seed is printed; FUZZ_SEED=<seed> replays a run. FUZZ_PAGE_REQUESTS sets the count.
const SEED = fuzzSeed();
const REQUESTS = Number(process.env.FUZZ_PAGE_REQUESTS ?? 3000);
const PARALLEL = 4;

type Role = "anonymous" | "customer" | "admin";
type PageRoute = { path: string; action: boolean; loader: boolean };
type Planned = { role: Role; kind: string; method: string; path: string; headers: Record<string, string>; body?: string | Uint8Array };

let shop: Awaited<ReturnType<typeof startExtraShop>>;
let baseUrl = "";
const cookies: Partial<Record<Role, string>> = {};
const ids: Record<string, string[]> = {};

/** Signs in through the API and keeps the session cookie the shop sets. */
async function signIn(route: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `${route} for ${email}`).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.includes("session="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}

async function apiJson<T>(route: string, init: RequestInit & { role?: Role } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Origin", baseUrl);
  if (init.role && cookies[init.role]) headers.set("Cookie", cookies[init.role]!);
  if (init.body) headers.set("Content-Type", "application/json");
  const res = await fetch(`${baseUrl}${route}`, { ...init, headers });
  expect(res.status, `${init.method ?? "GET"} ${route}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The page routes of the server build, with their full paths (layouts have none of their own). */
async function pageRoutes(): Promise<PageRoute[]> {
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const routes: PageRoute[] = [];
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    routes.push({ path: `/${fullPath(id)}`, action: Boolean(route.module.action), loader: Boolean(route.module.loader) });
  }
  return routes;
}

const REAL: Record<string, string> = {
  categories: "category",
  productdetails: "product",
  blogdetails: "post",
  editproduct: "product",
  editcategory: "category",
  editblog: "post",
  editlga: "rate",
  viewpurchase: "purchase",
  sandbox: "reference",
};

/** A path for the route: real ids most of the time, a bad one for "bad-id". */
function fillPath(rng: Rng, route: PageRoute, bad: boolean): string {
  const segments = route.path.split("/");
  return segments
    .map((segment, i) => {
      if (segment === "*") return bad ? badId(rng) : rng.pick(["nowhere", "a/b/c", "%00", "admin/x"]);
      if (!segment.startsWith(":")) return segment;
      if (bad) return badId(rng);
      if (segment === ":kind") return rng.pick(["products", "posts", "categories"]);
      if (segment === ":file") return `${rng.pick(ids.product ?? ["x"])}.jpg`;
      const pool = ids[REAL[segments[i - 1]!] ?? ""] ?? [];
      return pool.length ? rng.pick(pool) : badId(rng);
    })
    .join("/");
}

/** React Router's data URL of a page (what a client-side navigation or form fetches). */
const dataUrl = (pagePath: string) => (pagePath === "/" ? "/_root.data" : `${pagePath.replace(/\/$/, "")}.data`);

function plan(rng: Rng, routes: PageRoute[]): Planned[] {
  const planned: Planned[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const route = routes[i % routes.length]!;
    let role = rng.pick(["anonymous", "customer", "admin"] as const);
    const kinds = ["query", "query", "data", ...(route.path.includes(":") || route.path.includes("*") ? ["bad-id"] : [])];
    if (route.action) kinds.push("form", "form", "form-multipart", "form-json", "data-form");
    else if (rng.chance(0.05)) kinds.push("post-no-action");
    if (rng.chance(0.03)) kinds.push("cookie");
    const kind = rng.pick(kinds);
    let target = fillPath(rng, route, kind === "bad-id");
    const headers: Record<string, string> = {};
    let method = "GET";
    let body: string | Uint8Array | undefined;
    switch (kind) {
      case "query":
      case "bad-id":
        target += `?${hostileQuery(rng)}`;
        break;
      case "data":
        target = `${dataUrl(target)}?${hostileQuery(rng)}`;
        break;
      case "form":
      case "data-form":
        method = "POST";
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = hostileForm(rng, [...fieldNames]);
        if (kind === "data-form") target = dataUrl(target);
        if (rng.chance(0.3)) target += `?${hostileQuery(rng)}`;
        break;
      case "form-multipart": {
        method = "POST";
        const m = hostileMultipart(rng);
        headers["Content-Type"] = m.contentType;
        body = m.body;
        break;
      }
      case "form-json":
        method = "POST";
        headers["Content-Type"] = rng.pick(["application/json", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data"]);
        body = rng.chance(0.5) ? malformedJson(rng) : JSON.stringify({ email: "\u0000", password: ["x"] });
        break;
      case "post-no-action":
        method = rng.pick(["POST", "PUT", "DELETE", "PATCH"]);
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = hostileForm(rng);
        break;
      case "cookie":
        role = "anonymous";
        headers.Cookie = rng.pick([
          "alafia_session=%zz",
          "alafia_session=\u00ff",
          `alafia_session=${"x".repeat(4000)}`,
          "alafia_session=; a=b",
          "=;;=",
          "alafia_session=Bearer%20x",
        ]);
        target += `?${hostileQuery(rng)}`;
        break;
    }
    // logging out would end the fuzzer's own session: only the anonymous visitor posts there
    if (route.path === "/logout" && method !== "GET") role = "anonymous";
    // state-changing requests come from the shop's own pages, mostly
    if (method !== "GET" && rng.chance(0.9)) headers.Origin = baseUrl;
    planned.push({ role, kind, method, path: target, headers, body });
  }
  return planned;
}

beforeAll(async () => {
  shop = await startExtraShop({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
  baseUrl = shop.baseUrl;
  // a customer of our own, and the shop's admin
  const email = `fuzz-${crypto.randomUUID().slice(0, 8)}@example.ng`;
  await apiJson("/api/auth/register", {
    method: "POST",
    body: JSON.stringify({ firstName: "Fuzz", lastName: "Shopper", email, password: "Fuzz-pass-2026" }),
  });
  cookies.customer = await signIn("/api/auth/login", email, "Fuzz-pass-2026");
  cookies.admin = await signIn("/api/auth/adminlogin", adminEmail, adminPassword);
  const first = <T extends { id: string }>(list: T[]) => list.slice(0, 3).map((r) => r.id);
  ids.product = first(await apiJson<{ id: string }[]>("/api/products?pageSize=3"));
  ids.category = first(await apiJson<{ id: string }[]>("/api/categories"));
  ids.post = first(await apiJson<{ id: string }[]>("/api/posts"));
  ids.rate = first(await apiJson<{ id: string }[]>("/api/deliveryrates"));
  const purchases = await apiJson<{ id: string; reference?: string }[]>("/api/purchases?pageSize=3", { role: "admin" });
  ids.purchase = first(purchases);
  // a purchase of the fuzzer's customer waiting for payment, for /pay/sandbox/{reference}
  await apiJson("/api/cart/create", { method: "POST", role: "customer", body: JSON.stringify({ productId: ids.product[0], quantity: 1 }) });
  const started = await apiJson<{ reference?: string; purchase?: { reference: string } }>("/api/purchases/create", {
    method: "POST",
    role: "customer",
    headers: { "Idempotency-Key": `fuzz-${crypto.randomUUID()}` },
    body: JSON.stringify({ street: "1 Allen Avenue", city: "Lagos", state: "Lagos", phone: "08012345678", lga: "Ikeja" }),
  });
  ids.reference = [started.reference ?? started.purchase?.reference ?? "ALF-0000"];
}, 180_000);

afterAll(async () => {
  await shop?.stop();
});

/**
 * Sends one planned request. A kept-alive connection the server closed just as the request went
 * out fails with nothing answered; a browser sends such a request again on a new connection, and so
 * does this, once. A request that breaks the connection every time fails the run, with what it was.
 */
async function send(p: Planned, headers: Record<string, string>): Promise<Response> {
  const attempt = () =>
    fetch(`${baseUrl}${p.path}`, { method: p.method, headers, body: p.body as BodyInit | undefined, redirect: "manual" });
  try {
    return await attempt();
  } catch {
    return attempt().catch((err: Error) => {
      const body = typeof p.body === "string" ? p.body.slice(0, 300) : p.body ? `<${p.body.byteLength} bytes>` : "";
      throw new Error(`seed ${SEED}: ${p.method} ${p.path.slice(0, 300)} (${p.kind}, ${p.role}, body ${body}) got no answer, twice`, {
        cause: err,
      });
    });
  }
}

describe("fuzzing every page route of the built shop", () => {
  it(`answers ${REQUESTS} hostile requests without a 500 or a stack trace, and keeps serving pages`, { timeout: 300_000 }, async () => {
    const rng = new Rng(SEED);
    const routes = await pageRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const planned = plan(rng, routes);
    const tally = new Tally();
    const statuses = new Map<number, number>();
    const failures: (Omit<Planned, "body" | "headers"> & { status: number; answer: string; body: string })[] = [];
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < planned.length) {
        const p = planned[next++]!;
        const headers = { ...p.headers, ...(p.role !== "anonymous" ? { Cookie: cookies[p.role]! } : {}) };
        const res = await send(p, headers);
        const answer = await res.text();
        tally.add(p.role, p.kind);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || leaksStack(answer)) {
          const body = typeof p.body === "string" ? p.body.slice(0, 300) : p.body ? "<multipart>" : "";
          failures.push({
            role: p.role,
            kind: p.kind,
            method: p.method,
            path: p.path.slice(0, 300),
            status: res.status,
            body,
            answer: answer.slice(0, 400),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `\nPage fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${tally.total} requests in ${seconds} s over ${routes.length} routes\n${tally.table()}\nanswers: ${answers.join(", ")}\n`,
    );
    expect(failures, `seed ${SEED}: answers of 5xx or with a stack trace`).toEqual([]);

    // still healthy: the health check, a page, and an admin screen
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const products = await fetch(`${baseUrl}/products?q=journal`);
    expect(products.status).toBe(200);
    expect(await products.text()).toContain("</html>");
    expect((await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookies.admin! }, redirect: "manual" })).status).toBe(200);
  });
});
