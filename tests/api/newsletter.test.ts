import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema";
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
