import { beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createProductImage, createPurchase, createReview, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let journals: Awaited<ReturnType<typeof createCategory>>;
let calendars: Awaited<ReturnType<typeof createCategory>>;
let journal: Awaited<ReturnType<typeof createProduct>>;
let notebook: Awaited<ReturnType<typeof createProduct>>;
let wallCalendar: Awaited<ReturnType<typeof createProduct>>;
let candle: Awaited<ReturnType<typeof createProduct>>;
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestContext();
  // categories are listed oldest first; three made within a millisecond would fall back to their names
  const made = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));
  journals = await createCategory(t.db, { name: "Gratitude Journals", createdAt: made(0) });
  calendars = await createCategory(t.db, { name: "Motivational Calendars", createdAt: made(1) });
  const candles = await createCategory(t.db, { name: "Home Fragrance", createdAt: made(2) });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  journal = await createProduct(t.db, {
    title: "90-Day Gratitude Journal",
    description: "Three lines a night, a weekly reflection page and a ribbon marker.",
    categoryId: journals.id,
    priceKobo: 1_250_000,
    createdAt: day(1),
  });
  notebook = await createProduct(t.db, {
    title: "Morning Pages Notebook",
    description: "Dotted pages for free writing before the day begins.",
    categoryId: journals.id,
    priceKobo: 900_000,
    createdAt: day(2),
  });
  wallCalendar = await createProduct(t.db, {
    title: "2027 Motivational Wall Calendar",
    description: "Twelve months of gentle affirmations and hand-drawn art.",
    categoryId: calendars.id,
    priceKobo: 1_500_000,
    discountKobo: 1_100_000,
    createdAt: day(3),
  });
  candle = await createProduct(t.db, {
    title: "Calm Lavender Candle",
    description: "Soy wax with lavender and shea, burns for forty hours.",
    categoryId: candles.id,
    priceKobo: 800_000,
    stock: 2,
    createdAt: day(4),
  });
  await createProductImage(t.db, journal.id, { width: 320, height: 320 });
  await createProductImage(t.db, journal.id, { width: 640, height: 640 });
  const buyer = await createUser(t.db, { firstName: "Ada", lastName: "Obi" });
  await createPurchase(t.db, buyer, [{ product: candle, quantity: 3 }]);
  await createReview(t.db, buyer.id, journal.id, { rating: 5, comment: "Lovely" });
  await createReview(t.db, (await createUser(t.db)).id, journal.id, { rating: 4 });
});

const getJson = async (path: string) => {
  const res = await t.request(path);
  return { res, body: await res.json() };
};
const titles = (list: { title: string }[]) => list.map((p) => p.title);

describe("GET /api/products", () => {
  it("lists products newest first in the spec's shape, with the total in X-Total-Count", async () => {
    const { res, body } = await getJson("/api/products");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("4");
    expect(titles(body)).toEqual([
      "Calm Lavender Candle",
      "2027 Motivational Wall Calendar",
      "Morning Pages Notebook",
      "90-Day Gratitude Journal",
    ]);
    const j = body.find((p: { id: string }) => p.id === journal.id);
    expect(j).toMatchObject({
      title: "90-Day Gratitude Journal",
      price: 12_500,
      discount: 0,
      size: "M",
      categoryId: journals.id,
      category: { id: journals.id, name: "Gratitude Journals" },
      rating: 4.5,
      reviews: 2,
      stock: 10,
    });
    expect(j.images.map((i: { width: number }) => i.width)).toEqual([320, 640]);
    expect(typeof j.createdAt).toBe("string");
  });

  it("pages on the server and keeps the total", async () => {
    const one = await getJson("/api/products?page=1&pageSize=3");
    const two = await getJson("/api/products?page=2&pageSize=3");
    expect(one.body).toHaveLength(3);
    expect(two.body).toHaveLength(1);
    expect(one.res.headers.get("X-Total-Count")).toBe("4");
    expect(two.res.headers.get("X-Total-Count")).toBe("4");
    expect(new Set([...titles(one.body), ...titles(two.body)]).size).toBe(4);
    const past = await getJson("/api/products?page=9&pageSize=3");
    expect(past.body).toEqual([]);
    expect(past.res.headers.get("X-Total-Count")).toBe("4");
  });

  it("filters by category and by promo", async () => {
    const { res, body } = await getJson(`/api/products?categoryId=${journals.id}`);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(body.every((p: { categoryId: string }) => p.categoryId === journals.id)).toBe(true);
    const promo = await getJson("/api/products?promo=true");
    expect(titles(promo.body)).toEqual(["2027 Motivational Wall Calendar"]);
    expect(promo.body[0]).toMatchObject({ price: 15_000, discount: 11_000 });
  });

  it("sorts by the price paid (discount when there is one), up and down", async () => {
    const up = await getJson("/api/products?sort=price_asc");
    expect(titles(up.body)).toEqual([
      "Calm Lavender Candle",
      "Morning Pages Notebook",
      "2027 Motivational Wall Calendar",
      "90-Day Gratitude Journal",
    ]);
    const down = await getJson("/api/products?sort=price_desc");
    expect(titles(down.body)).toEqual([...titles(up.body)].reverse());
    const best = await getJson("/api/products?sort=best_selling");
    expect(best.body[0].title).toBe("Calm Lavender Candle");
  });

  it.each([["sort=cheapest"], ["page=0"], ["page=abc"], ["pageSize=1000"], ["categoryId=not-a-uuid"], ["promo=maybe"], ["colour=red"]])(
    "answers a bad query parameter (%s) with a 400",
    async (query) => {
      const { res, body } = await getJson(`/api/products?${query}`);
      expect(res.status).toBe(400);
      expect(body.code).toBe("invalid");
      expect(typeof body.msg).toBe("string");
    },
  );
});

describe("best sellers (?sort=best_selling)", () => {
  it("counts units of paid orders only, then puts the newest first", async () => {
    const buyer = await createUser(t.db);
    // abandoned, cancelled and failed checkouts sold nothing, however large
    await createPurchase(t.db, buyer, [{ product: notebook, quantity: 50 }], { status: "pending" });
    await createPurchase(t.db, buyer, [{ product: notebook, quantity: 40 }], { status: "cancelled" });
    await createPurchase(t.db, buyer, [{ product: journal, quantity: 30 }], { status: "failed" });
    // every paid status counts: 3 units, as many as the candle's one completed order
    for (const status of ["processing", "shipped", "delivered"] as const)
      await createPurchase(t.db, buyer, [{ product: wallCalendar, quantity: 1 }], { status });

    const { body } = await getJson("/api/products?sort=best_selling");
    // the candle and the calendar tie on 3 units: the newer candle first; then the unsold, newest first
    expect(titles(body)).toEqual([
      "Calm Lavender Candle",
      "2027 Motivational Wall Calendar",
      "Morning Pages Notebook",
      "90-Day Gratitude Journal",
    ]);
  });
});

describe("search (?q=)", () => {
  const search = async (q: string) => titles((await getJson(`/api/products?q=${encodeURIComponent(q)}`)).body);

  it("finds a product by a word of its title, and not unrelated ones", async () => {
    expect(await search("candle")).toEqual(["Calm Lavender Candle"]);
    expect(await search("wall calendar")).toEqual(["2027 Motivational Wall Calendar"]);
  });

  it("finds products by a word of their description or their category name", async () => {
    expect(await search("affirmations")).toEqual(["2027 Motivational Wall Calendar"]);
    const journalsFound = await search("journals");
    expect(journalsFound).toHaveLength(2);
    expect(journalsFound[0]).toBe("90-Day Gratitude Journal");
    expect(journalsFound).toContain("Morning Pages Notebook");
  });

  it("ranks a title match above a description match", async () => {
    // "lavender" is in the candle's title and description; nothing else mentions it
    expect((await search("lavender"))[0]).toBe("Calm Lavender Candle");
    expect((await search("gratitude"))[0]).toBe("90-Day Gratitude Journal");
  });

  it("tolerates a small typo", async () => {
    expect((await search("gratitde jurnal"))[0]).toBe("90-Day Gratitude Journal");
    expect((await search("lavendar"))[0]).toBe("Calm Lavender Candle");
    expect(await search("calender")).toContain("2027 Motivational Wall Calendar");
  });

  it("tolerates a typo in a word of the description, and finds only that product", async () => {
    expect(await search("affirmatons")).toEqual(["2027 Motivational Wall Calendar"]);
    expect(await search("ribon marker")).toEqual(["90-Day Gratitude Journal"]);
  });

  it("returns nothing (and a total of 0) for a query that matches nothing", async () => {
    const { res, body } = await getJson("/api/products?q=xylophone");
    expect(body).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("0");
  });

  it("combines search with the category filter and counts only matches", async () => {
    const { res, body } = await getJson(`/api/products?q=journal&categoryId=${calendars.id}`);
    expect(body).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("0");
  });

  it("treats punctuation and SQL-looking input as plain text", async () => {
    for (const q of ["'); drop table products; --", "%_\\", "!!!"]) {
      const { res } = await getJson(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
    }
    expect((await getJson("/api/products")).res.headers.get("X-Total-Count")).toBe("4");
  });
});

describe("GET /api/products/{id}", () => {
  it("answers one product with its category, rating and review count", async () => {
    const { res, body } = await getJson(`/api/products/${journal.id}`);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      id: journal.id,
      title: journal.title,
      category: { id: journals.id, name: "Gratitude Journals" },
      rating: 4.5,
      reviews: 2,
    });
  });

  it("answers 404 {msg} for an unknown id and for a malformed one (it cannot name a product)", async () => {
    const missing = await getJson(`/api/products/${NO_SUCH_ID}`);
    expect(missing.res.status).toBe(404);
    expect(missing.body.msg).toMatch(/not found/i);
    const bad = await getJson("/api/products/42");
    expect(bad.res.status).toBe(404);
    expect(bad.body.code).toBe("not_found");
  });
});

describe("GET /api/categories and /api/categories/{id}", () => {
  it("lists categories with their product counts", async () => {
    const { res, body } = await getJson("/api/categories");
    expect(res.status).toBe(200);
    expect(body.map((c: { name: string }) => c.name)).toEqual(["Gratitude Journals", "Motivational Calendars", "Home Fragrance"]);
    expect(body[0]).toMatchObject({ id: journals.id, name: "Gratitude Journals", imageUrl: null, productCount: 2 });
  });

  it("answers one category with its products", async () => {
    const { res, body } = await getJson(`/api/categories/${calendars.id}`);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ id: calendars.id, name: "Motivational Calendars" });
    expect(body.products.map((p: { id: string }) => p.id)).toEqual([wallCalendar.id]);
    expect(body.products[0]).toMatchObject({ price: 15_000, discount: 11_000, category: { name: "Motivational Calendars" } });
    expect(res.headers.get("X-Total-Count")).toBe("1");
  });

  it("pages a category's products instead of cutting them off silently", async () => {
    const { res, body } = await getJson(`/api/categories/${journals.id}?pageSize=1&page=2&sort=price_asc`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(body.products).toHaveLength(1);
    const { body: first } = await getJson(`/api/categories/${journals.id}?pageSize=1&page=1&sort=price_asc`);
    expect(first.products[0].id).not.toBe(body.products[0].id);
    expect(first.products[0].price).toBeLessThanOrEqual(body.products[0].price);
  });

  it("404s an unknown category or a malformed id, 400s an unexpected parameter", async () => {
    const missing = await getJson(`/api/categories/${NO_SUCH_ID}`);
    expect(missing.res.status).toBe(404);
    expect(missing.body.msg).toMatch(/not found/i);
    expect((await t.request("/api/categories/abc")).status).toBe(404);
    expect((await t.request("/api/categories?country=ng")).status).toBe(400);
  });
});
