import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { createLogger } from "../../lib/logger.server";
import type { AppEnv } from "../context";
import { errorResponse } from "./errors";

function appThrowing(error: unknown) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("requestId", "req-123");
    c.set("logger", createLogger("silent"));
    await next();
  });
  app.get("/", () => {
    throw error;
  });
  app.onError(errorResponse);
  return app;
}

describe("errorResponse", () => {
  it.each([
    [new AppError("not_found", "Product not found"), 404, { msg: "Product not found", code: "not_found" }],
    [new AppError("conflict", "Only 2 left"), 409, { msg: "Only 2 left", code: "conflict" }],
    [new AppError("forbidden", "No"), 403, { code: "forbidden" }],
  ])("maps %s to its status and body", async (error, status, body) => {
    const res = await appThrowing(error).request("/");
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject(body);
  });

  it("turns a zod failure into a 400 with field messages", async () => {
    const parsed = z.object({ email: z.email({ message: "Enter a valid email address" }) }).safeParse({ email: "nope" });
    const res = await appThrowing(parsed.error).request("/");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid", fields: { email: "Enter a valid email address" } });
  });

  it("sets Retry-After on rate limits", async () => {
    const res = await appThrowing(new AppError("rate_limited", "Too many attempts", { retryAfter: 60 })).request("/");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
  });

  it("answers unknown errors with a 500, the request id and no stack", async () => {
    const res = await appThrowing(new Error("secret internals at db.ts:42")).request("/");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ msg: "Something went wrong. Please try again.", code: "internal", requestId: "req-123" });
    expect(text).not.toMatch(/secret internals|at .*\.ts/);
  });
});
