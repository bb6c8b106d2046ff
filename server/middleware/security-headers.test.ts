import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../context";
import { securityHeaders } from "./security-headers";

async function csp(paystackPopup: boolean): Promise<Record<string, string>> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ production: true, paystackPopup }));
  app.get("/", (c) => c.html("<p>checkout</p>"));
  const header = (await app.request("/")).headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(
    header.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name!, values.join(" ")];
    }),
  );
}

describe("Content-Security-Policy", () => {
  it("PAYSTACK_MODE=popup: allows Paystack's inline script, its API and its checkout frame", async () => {
    const policy = await csp(true);
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^']+' https:\/\/js\.paystack\.co$/);
    expect(policy["connect-src"]).toBe("'self' https://api.paystack.co");
    expect(policy["frame-src"]).toBe("https://checkout.paystack.com");
  });

  it("otherwise (the hosted payment page): nothing of Paystack's is allowed in our pages", async () => {
    const policy = await csp(false);
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^']+'$/);
    expect(policy["connect-src"]).toBe("'self'");
    expect(policy["frame-src"]).toBeUndefined();
    expect(JSON.stringify(policy)).not.toContain("paystack");
  });
});

describe("Referrer-Policy", () => {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ production: true }));
  app.get("/resetpassword", (c) => c.html("<p>reset</p>", 200, { "Referrer-Policy": "no-referrer" }));
  app.get("/login", (c) => c.html("<p>login</p>"));

  it("keeps a page's own stricter policy", async () => {
    expect((await app.request("/resetpassword")).headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("gives every other page the shop's policy", async () => {
    expect((await app.request("/login")).headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
