import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { communicationChoices, contactMessages } from "../../db/schema";
import { createBlogPost, createCommunicationPlatform, createDeliveryRate } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
let newer: Awaited<ReturnType<typeof createBlogPost>>;
let older: Awaited<ReturnType<typeof createBlogPost>>;
let ikeja: Awaited<ReturnType<typeof createDeliveryRate>>;
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestContext();
  older = await createBlogPost(t.db, {
    title: "Rest Is Not a Reward",
    heading: "You do not have to earn a lie-down",
    createdAt: new Date("2026-03-01T09:00:00Z"),
  });
  newer = await createBlogPost(t.db, {
    title: "Boundaries Without Guilt",
    heading: "Kind ways to say no",
    text: "First.\n\nSecond.",
    createdAt: new Date("2026-05-01T09:00:00Z"),
  });
  await createBlogPost(t.db, { createdAt: new Date("2026-01-01T09:00:00Z") });
  ikeja = await createDeliveryRate(t.db, { lga: "Ikeja", chargeKobo: 250_000 });
  await createDeliveryRate(t.db, { lga: "Lekki", chargeKobo: 350_050 });
  await createCommunicationPlatform(t.db, "WhatsApp", ["Promotions", "Order updates"]);
  await createCommunicationPlatform(t.db, "Phone call");
});

const getJson = async (path: string) => {
  const res = await t.request(path);
  return { res, body: await res.json() };
};

describe("GET /api/posts", () => {
  it("lists posts newest first with spec field names and a total", async () => {
    const { res, body } = await getJson("/api/posts?pageSize=2");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(body.map((p: { id: string }) => p.id)).toEqual([newer.id, older.id]);
    expect(body[0]).toEqual({
      id: newer.id,
      title: "Boundaries Without Guilt",
      heading: "Kind ways to say no",
      text: "First.\n\nSecond.",
      imageUrl: null,
      images: [],
      createdAt: "2026-05-01T09:00:00.000Z",
    });
    expect((await getJson("/api/posts?page=2&pageSize=2")).body).toHaveLength(1);
  });

  it("answers one post, 404 for an unknown or malformed id, 400 for a bad parameter", async () => {
    expect((await getJson(`/api/posts/${older.id}`)).body).toMatchObject({ id: older.id, title: "Rest Is Not a Reward" });
    const missing = await getJson(`/api/posts/${NO_SUCH_ID}`);
    expect(missing.res.status).toBe(404);
    expect(missing.body.msg).toMatch(/not found/i);
    expect((await t.request("/api/posts/1")).status).toBe(404);
    expect((await t.request("/api/posts?page=-1")).status).toBe(400);
    expect((await t.request("/api/posts?tag=x")).status).toBe(400);
  });
});

describe("GET /api/deliveryrates", () => {
  it("lists rates as id, lga, deliveryCharge in naira, filterable by name", async () => {
    const { res, body } = await getJson("/api/deliveryrates");
    expect(res.status).toBe(200);
    expect(body).toEqual([
      { id: ikeja.id, lga: "Ikeja", deliveryCharge: 2500 },
      { id: expect.any(String), lga: "Lekki", deliveryCharge: 3500.5 },
    ]);
    expect((await getJson("/api/deliveryrates?q=lek")).body.map((r: { lga: string }) => r.lga)).toEqual(["Lekki"]);
    expect((await getJson("/api/deliveryrates?q=%25")).body).toEqual([]);
  });

  it("answers one rate, 404 for an unknown or malformed id, 400 for a bad parameter", async () => {
    expect((await getJson(`/api/deliveryrates/${ikeja.id}`)).body).toEqual({ id: ikeja.id, lga: "Ikeja", deliveryCharge: 2500 });
    const missing = await getJson(`/api/deliveryrates/${NO_SUCH_ID}`);
    expect(missing.res.status).toBe(404);
    expect(missing.body.msg).toMatch(/not found/i);
    expect((await t.request("/api/deliveryrates/ikeja")).status).toBe(404);
    expect((await t.request("/api/deliveryrates?sort=cheapest")).status).toBe(400);
  });
});

describe("communication platforms (/test page)", () => {
  it("lists platforms with their categories (or null)", async () => {
    const { res, body } = await getJson("/api/communicationPlatforms");
    expect(res.status).toBe(200);
    expect(body).toEqual([
      { id: expect.any(String), communicationPlatform: "WhatsApp", communicationCategory: ["Order updates", "Promotions"] },
      { id: expect.any(String), communicationPlatform: "Phone call", communicationCategory: null },
    ]);
  });

  it("stores a choice posted to /api/test/create", async () => {
    const res = await t.request("/api/test/create", {
      method: "POST",
      json: { communicationPlatform: "WhatsApp", communicationCategory: "Promotions" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ communicationPlatform: "WhatsApp", communicationCategory: "Promotions" });
    const [row] = await t.db.select().from(communicationChoices).where(eq(communicationChoices.id, body.id));
    expect(row).toMatchObject({ communicationPlatform: "WhatsApp", communicationCategory: "Promotions" });
    expect(
      (await t.request("/api/test/create", { method: "POST", json: { communicationPlatform: "Phone call", communicationCategory: null } }))
        .status,
    ).toBe(201);
  });

  it("refuses an unknown platform, a category of another platform and a malformed body", async () => {
    const unknown = await t.request("/api/test/create", { method: "POST", json: { communicationPlatform: "Fax" } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fields).toHaveProperty("communicationPlatform");
    expect(
      (
        await t.request("/api/test/create", {
          method: "POST",
          json: { communicationPlatform: "Phone call", communicationCategory: "Promotions" },
        })
      ).status,
    ).toBe(400);
    expect((await t.request("/api/test/create", { method: "POST", json: { communicationPlatform: "WhatsApp", extra: 1 } })).status).toBe(
      400,
    );
    expect(
      (await t.request("/api/test/create", { method: "POST", body: "{oops", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
  });
});

describe("POST /api/contact", () => {
  it("stores the message and thanks the sender", async () => {
    const res = await t.request("/api/contact", {
      method: "POST",
      json: { name: "Ada Obi", email: "Ada@Example.ng", message: "Do you deliver to Ajah?" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.msg).toMatch(/thank you/i);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({ name: "Ada Obi", email: "ada@example.ng", message: "Do you deliver to Ajah?", readAt: null });
  });

  it("requires name, a valid email and a message, with field messages", async () => {
    const res = await t.request("/api/contact", { method: "POST", json: { name: " ", email: "nope", message: "" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("invalid");
    expect(Object.keys(body.fields).sort()).toEqual(["email", "message", "name"]);
    expect(body.fields.email).toBe("Enter a valid email address");
    expect(
      (await t.request("/api/contact", { method: "POST", json: { name: "A", email: "a@b.ng", message: "x", phone: "1" } })).status,
    ).toBe(400);
    expect((await t.db.select().from(contactMessages)).length).toBe(1);
  });
});
