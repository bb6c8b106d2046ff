import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers } from "../../db/schema";
import { COACHING_REQUEST_MESSAGE } from "../../modules/marketing/service.server";
import { createTestContext, type TestContext } from "../support/test-app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});

const count = async (email: string) =>
  (
    await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
  ).length;

describe("POST /api/newsletter", () => {
  it("stores a subscriber with names and source", async () => {
    const res = await t.request("/api/newsletter", {
      method: "POST",
      json: { email: "Ada@Example.ng", firstName: "Ada", lastName: "Obi", source: "popup" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).msg).toMatch(/thank you/i);
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.email} = 'ada@example.ng'`);
    expect(row).toMatchObject({ firstName: "Ada", lastName: "Obi", source: "popup" });
  });

  it("is idempotent per email, whatever its case", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "ADA@example.ng", source: "footer" } });
    expect(res.status).toBe(200);
    expect((await res.json()).msg).toMatch(/already/i);
    expect(await count("ada@example.ng")).toBe(1);
  });

  it("refuses a bad email with a field message", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "not-an-email", source: "footer" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid", fields: { email: "Enter a valid email address" } });
  });

  it("refuses unknown fields (strict bodies)", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "x@y.ng", source: "footer", admin: true } });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/newsletter from /author (a coaching lead)", () => {
  const leadsFrom = (email: string) => t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("reaches the team as a message and tells the person their request was received", async () => {
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "Ngozi@Example.ng", source: "author" } });
    expect(res.status).toBe(201);
    expect((await res.json()).msg).toMatch(/request has been received/i);
    expect(await leadsFrom("ngozi@example.ng")).toEqual([
      expect.objectContaining({ name: "ngozi@example.ng", message: COACHING_REQUEST_MESSAGE, readAt: null }),
    ]);
    expect(await count("ngozi@example.ng")).toBe(1);
  });

  it("is not lost when the person is already subscribed", async () => {
    await t.request("/api/newsletter", { method: "POST", json: { email: "funmi@example.ng", source: "footer" } });
    const res = await t.request("/api/newsletter", { method: "POST", json: { email: "FUNMI@example.ng", source: "author" } });
    expect(res.status).toBe(201);
    const { msg } = await res.json();
    expect(msg).toMatch(/request has been received/i);
    expect(msg).not.toMatch(/already/i);
    expect(await leadsFrom("funmi@example.ng")).toHaveLength(1);
    // still one subscriber row, first captured by the footer
    const subscribers = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "funmi@example.ng"));
    expect(subscribers).toEqual([expect.objectContaining({ source: "footer" })]);
  });

  it("records nothing for an ordinary sign-up", async () => {
    await t.request("/api/newsletter", { method: "POST", json: { email: "kemi@example.ng", source: "about" } });
    expect(await leadsFrom("kemi@example.ng")).toEqual([]);
  });
});
