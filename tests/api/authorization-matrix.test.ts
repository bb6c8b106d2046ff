import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser, createStaffUser, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";
import { routeAccess } from "./route-access";
import type { Role } from "../../modules/accounts/roles";

// Issue 4 "Done when": every /api route, read from the router itself, called as
// anonymous, customer and admin. Routes other issues add are covered automatically.
let t: TestContext;
let customer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createAdminUser>>;
let staff: Awaited<ReturnType<typeof createStaffUser>>;
beforeAll(async () => {
  t = await createTestContext();
  customer = await createUser(t.db);
  other = await createUser(t.db);
  admin = await createAdminUser(t.db);
  staff = await createStaffUser(t.db);
});

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const FAKE_ID = "00000000-0000-4000-8000-000000000000";

/** The real routes: method + path pattern, middleware entries and the /api catch-all left out. */
function apiRoutes(app: TestContext["app"]) {
  const seen = new Set<string>();
  for (const r of app.routes)
    if (METHODS.has(r.method) && r.path.startsWith("/api/") && !r.path.includes("*")) seen.add(`${r.method} ${r.path}`);
  return [...seen].sort();
}

const fill = (path: string, id: string) => path.replace(/:[A-Za-z]+(\{(?:[^{}]|\{[^{}]*\})*\})?/g, id);

async function call(key: string, as: { id: string; role: Role } | undefined, id = FAKE_ID) {
  const [method, path] = key.split(" ") as [string, string];
  const res = await t.request(fill(path, id), { method, as, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
  return res.status;
}

describe("authorization matrix", () => {
  it("knows every /api route (add new ones to tests/api/route-access.ts)", () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => !(r in routeAccess))).toEqual([]);
    // and the table holds no route that no longer exists
    expect(Object.keys(routeAccess).filter((k) => !routes.includes(k))).toEqual([]);
  });

  it("refuses anonymous visitors and customers on every admin route, staff on every owner's route, and never answers 500", async () => {
    const failures: string[] = [];
    for (const key of apiRoutes(t.app)) {
      const access = routeAccess[key];
      const anon = await call(key, undefined);
      const asCustomer = await call(key, customer, access === "self" ? customer.id : FAKE_ID);
      const asAdmin = await call(key, admin, access === "self" ? admin.id : FAKE_ID);
      const asStaff = await call(key, staff, access === "self" ? staff.id : FAKE_ID);
      const statuses = `anonymous ${anon}, customer ${asCustomer}, staff ${asStaff}, owner ${asAdmin}`;
      if ([anon, asCustomer, asAdmin, asStaff].some((s) => s >= 500)) failures.push(`${key}: a 5xx (${statuses})`);
      if (access === "admin" && (anon !== 401 || asCustomer !== 403 || [401, 403].includes(asAdmin) || [401, 403].includes(asStaff)))
        failures.push(`${key} is the back office's: ${statuses}`);
      if (access === "owner" && (anon !== 401 || asCustomer !== 403 || asStaff !== 403 || [401, 403].includes(asAdmin)))
        failures.push(`${key} is the owner's: ${statuses}`);
      if ((access === "customer" || access === "self") && (anon !== 401 || [401, 403].includes(asCustomer) || [401, 403].includes(asAdmin)))
        failures.push(`${key} is for signed-in users: ${statuses}`);
      if (access === "public" && [401, 403].includes(anon)) failures.push(`${key} is public: ${statuses}`);
      if (access === "self") {
        const cross = await call(key, customer, other.id);
        if (![403, 404].includes(cross)) failures.push(`${key}: a customer reached another customer's record (${cross})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
