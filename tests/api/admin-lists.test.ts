import { beforeAll, describe, expect, it } from "vitest";
import { loader as categoryTableLoader } from "../../app/routes/admin/categorytable";
import { loader as purchaseTableLoader } from "../../app/routes/admin/purchasetable";
import {
  createAdminUser,
  createBlogPost,
  createCategory,
  createDeliveryRate,
  createProduct,
  createPurchase,
  createUser,
} from "../factories";
import { createTestContext, routerContext, type TestContext } from "../support/test-app";

// Issue 6: every admin table's list parameters (q, from, to, page, pageSize, sort, and
// status/role where they apply) are the API's too, with the total in X-Total-Count and
// a 400 naming any parameter the list does not know. Public lists stay public.

let t: TestContext;
let admin: { id: string; role: "admin" };
const day = (d: string) => new Date(`${d}T12:00:00Z`);
beforeAll(async () => {
  t = await createTestContext();
  admin = { id: (await createAdminUser(t.db, { firstName: "Abike", lastName: "Owner", createdAt: day("2026-04-10") })).id, role: "admin" };
  await createCategory(t.db, { name: "Tea Rituals", createdAt: day("2026-03-01") });
  await createCategory(t.db, { name: "Bath Soaks", createdAt: day("2026-03-05") });
  await createCategory(t.db, { name: "Tea Gifts", createdAt: day("2026-03-09") });
  await createDeliveryRate(t.db, { lga: "Yaba", chargeKobo: 150_000 });
  await createDeliveryRate(t.db, { lga: "Ajah", chargeKobo: 450_000 });
  await createDeliveryRate(t.db, { lga: "Ikoyi", chargeKobo: 300_000 });
  await createBlogPost(t.db, { title: "Rest days", heading: "Why slowing down works", createdAt: day("2026-02-01") });
  await createBlogPost(t.db, { title: "Tea at dusk", heading: "An evening habit", createdAt: day("2026-02-10") });
  await createBlogPost(t.db, { title: "Journaling", heading: "Ten minutes of rest", createdAt: day("2026-02-20") });
  await createUser(t.db, { firstName: "Zara", lastName: "Bello", createdAt: day("2026-04-01") });
  await createUser(t.db, { firstName: "Bunmi", lastName: "Ade", createdAt: day("2026-04-20") });
  await createAdminUser(t.db, { firstName: "Kola", lastName: "Team", createdAt: day("2026-04-15") });
});

const get = async (path: string, as?: { id: string; role: "admin" }) => {
  const res = await t.request(path, { as });
  return { status: res.status, total: res.headers.get("X-Total-Count"), body: await res.json() };
};
const names = (list: { name: string }[]) => list.map((c) => c.name);

describe("GET /api/categories", () => {
  it("without parameters answers the whole list, oldest first, with X-Total-Count", async () => {
    const res = await get("/api/categories");
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Tea Rituals", "Bath Soaks", "Tea Gifts"]);
    expect(res.total).toBe("3");
  });

  it("searches, filters by day, sorts and pages like /categorytable", async () => {
    expect(names((await get("/api/categories?q=tea")).body)).toEqual(["Tea Rituals", "Tea Gifts"]);
    expect(names((await get("/api/categories?from=2026-03-05&to=2026-03-09")).body)).toEqual(["Bath Soaks", "Tea Gifts"]);
    const page = await get("/api/categories?sort=name&pageSize=2&page=2");
    expect(names(page.body)).toEqual(["Tea Rituals"]);
    expect(page.total).toBe("3");
    expect(names((await get("/api/categories?sort=newest")).body)[0]).toBe("Tea Gifts");
  });

  it("names a bad or unknown parameter (400)", async () => {
    const bad = await get("/api/categories?sort=random");
    expect(bad.status).toBe(400);
    expect(bad.body.fields.sort).toBe("Sort must be one of name, newest, oldest");
    expect((await get("/api/categories?from=March")).body.fields.from).toBe("Use a date like 2026-01-31");
    expect((await get("/api/categories?status=open")).status).toBe(400);
  });
});

describe("GET /api/deliveryrates", () => {
  it("searches, sorts by charge and pages, with X-Total-Count; whole list by name without parameters", async () => {
    const all = await get("/api/deliveryrates");
    expect(all.body.map((r: { lga: string }) => r.lga)).toEqual(["Ajah", "Ikoyi", "Yaba"]);
    expect(all.total).toBe("3");
    const dear = await get("/api/deliveryrates?sort=charge_desc&pageSize=2");
    expect(dear.body).toEqual([
      { id: expect.any(String), lga: "Ajah", deliveryCharge: 4500 },
      { id: expect.any(String), lga: "Ikoyi", deliveryCharge: 3000 },
    ]);
    expect(dear.total).toBe("3");
    expect((await get("/api/deliveryrates?q=ya")).total).toBe("1");
    expect((await get("/api/deliveryrates?page=0")).status).toBe(400);
    expect((await get("/api/deliveryrates?region=lagos")).status).toBe(400);
  });
});

describe("GET /api/posts", () => {
  it("searches title or heading, filters by day and sorts, with X-Total-Count", async () => {
    const rest = await get("/api/posts?q=rest");
    expect(rest.body.map((p: { title: string }) => p.title)).toEqual(["Journaling", "Rest days"]);
    expect(rest.total).toBe("2");
    const feb = await get("/api/posts?from=2026-02-05&to=2026-02-28&sort=oldest");
    expect(feb.body.map((p: { title: string }) => p.title)).toEqual(["Tea at dusk", "Journaling"]);
    expect((await get("/api/posts?sort=title&pageSize=1")).body[0].title).toBe("Journaling");
    expect((await get("/api/posts?status=draft")).status).toBe(400);
  });
});

describe("GET /api/products", () => {
  it("filters on createdAt between two days (inclusive), counted in X-Total-Count", async () => {
    const category = await createCategory(t.db);
    for (const d of ["2025-06-01", "2025-06-02", "2025-06-03"])
      await createProduct(t.db, { categoryId: category.id, title: `Dated ${d}`, createdAt: new Date(`${d}T08:00:00Z`) });
    const res = await get(`/api/products?categoryId=${category.id}&from=2025-06-02&to=2025-06-03`);
    expect(res.body.map((p: { title: string }) => p.title)).toEqual(["Dated 2025-06-03", "Dated 2025-06-02"]);
    expect(res.total).toBe("2");
    expect((await get("/api/products?to=2025-13-40")).status).toBe(400);
  });
});

describe("GET /api/users (admin)", () => {
  it("lists the team with role=admin, as /teamtable does", async () => {
    const team = await get("/api/users?role=admin&sort=name", admin);
    expect(team.body.map((u: { firstName: string }) => u.firstName)).toEqual(["Abike", "Kola"]);
    expect(team.total).toBe("2");
  });

  it("filters by the day they joined and sorts", async () => {
    const april = await get("/api/users?from=2026-04-01&to=2026-04-19&sort=oldest", admin);
    expect(april.body.map((u: { firstName: string }) => u.firstName)).toEqual(["Zara", "Abike", "Kola"]);
    expect(april.total).toBe("3");
  });

  it("refuses a parameter it does not know, or a bad role or sort, instead of ignoring it", async () => {
    const unknown = await get("/api/users?country=NG", admin);
    expect(unknown.status).toBe(400);
    expect((await get("/api/users?role=owner", admin)).body.fields.role).toBe("Role must be customer, admin, staff or team");
    expect((await get("/api/users?sort=age", admin)).body.fields.sort).toBe("Sort must be one of newest, oldest, name");
  });
});

describe("GET /api/purchases (admin)", () => {
  it("names a bad sort", async () => {
    const res = await get("/api/purchases?sort=cheapest", admin);
    expect(res.status).toBe(400);
    expect(res.body.fields.sort).toBe("Sort must be one of newest, oldest, total_desc, total_asc");
  });
});

describe("admin table screens", () => {
  const load = async (loader: (args: never) => Promise<unknown>, path: string) => {
    const context = routerContext(t, { id: admin.id, role: "admin", firstName: "Abike", lastName: "Owner", email: "abike@example.ng" });
    try {
      return { data: await loader({ request: new Request(`http://localhost:3000${path}`), params: {}, context } as never) };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      throw thrown;
    }
  };

  it("a page past the end (its last row just deleted) goes to the last page with rows, filters kept", async () => {
    const buyer = await createUser(t.db, { firstName: "Pagely", email: "pagely@pages.ng" });
    const product = await createProduct(t.db);
    for (let i = 0; i < 6; i++) await createPurchase(t.db, buyer, [{ product, quantity: 1 }], { status: "pending" });
    // 6 matches, 5 a page: page 2 holds one row; once it is gone page 2 is past the end
    expect(await load(purchaseTableLoader, "/purchasetable?q=pagely&status=pending&sort=oldest&page=2")).toMatchObject({
      data: { total: 6, items: [{ fname: "Pagely" }] },
    });
    expect(await load(purchaseTableLoader, "/purchasetable?q=pagely&status=pending&sort=oldest&page=3")).toEqual({
      status: 302,
      location: "/purchasetable?q=pagely&status=pending&sort=oldest&page=2",
    });
    // "tea": 2 categories, 3 a page
    expect(await load(categoryTableLoader, "/categorytable?q=tea&page=2")).toEqual({
      status: 302,
      location: "/categorytable?q=tea&page=1",
    });
    expect(await load(categoryTableLoader, "/categorytable?q=nothing-like-it&page=5")).toEqual({
      status: 302,
      location: "/categorytable?q=nothing-like-it&page=1",
    });
  });
});
