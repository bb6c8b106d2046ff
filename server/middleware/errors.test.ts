import { DrizzleQueryError } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { createLogger } from "../../lib/logger.server";
import type { AppEnv } from "../context";
import { errorResponse } from "./errors";

function appThrowing(error: unknown, logger = createLogger("silent")) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("requestId", "req-123");
    c.set("logger", logger);
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

  it("logs a failed query with its SQL and the database's code and message, never the query's values", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    const link = "http://localhost:3000/resetpassword?token=Secret-Token-123";
    const query = 'insert into "mail_outbox" ("to", "subject", "text") values ($1, $2, $3)';
    // shaped as PGlite raises it (node-postgres's is alike without query and params), wrapped by Drizzle
    const driverError = Object.assign(new Error('null value in column "subject" of relation "mail_outbox" violates not-null constraint'), {
      code: "23502",
      table: "mail_outbox",
      column: "subject",
      detail: `Failing row contains (ada@example.ng, null, ${link}).`,
      query,
      params: ["ada@example.ng", null, link],
    });
    const res = await appThrowing(new DrizzleQueryError(query, ["ada@example.ng", null, link], driverError), logger).request("/");
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/Secret-Token-123|ada@example\.ng/);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: "unhandled error",
      requestId: "req-123",
      err: { message: expect.stringMatching(/violates not-null constraint/), code: "23502", table: "mail_outbox", query },
    });
    expect(JSON.parse(lines[0]!).err.stack).toMatch(/^\s+at /);
  });

  it("logs any other unknown error in full", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    await appThrowing(new Error("disk full"), logger).request("/");
    expect(JSON.parse(lines[0]!).err).toMatchObject({
      type: "Error",
      message: "disk full",
      stack: expect.stringMatching(/^Error: disk full/),
    });
  });
});
