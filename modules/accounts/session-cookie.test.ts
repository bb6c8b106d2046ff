import { describe, expect, it } from "vitest";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.server";

describe("session cookie", () => {
  const in30Days = new Date(Date.now() + 30 * 24 * 3600_000);

  it("is httpOnly and SameSite=Lax, and Secure with the __Host- prefix in production", () => {
    expect(sessionCookie({ NODE_ENV: "development" }, "abc", in30Days)).toMatch(
      /^alafia_session=abc; Max-Age=259\d{4}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const prod = sessionCookie({ NODE_ENV: "production" }, "abc", in30Days);
    expect(prod).toMatch(/^__Host-alafia_session=abc;/);
    expect(prod).toMatch(/; Secure$/);
    expect(prod).not.toMatch(/Domain=/); // __Host- cookies carry no Domain
    expect(clearedSessionCookie({ NODE_ENV: "production" })).toMatch(/^__Host-alafia_session=; Max-Age=0;/);
  });

  it("reads a bearer token first, then the cookie", () => {
    const env = { NODE_ENV: "test" as const };
    expect(readSessionToken(env, new Headers({ cookie: "a=1; alafia_session=tok; b=2" }))).toEqual({ token: "tok", via: "cookie" });
    expect(readSessionToken(env, new Headers({ cookie: "alafia_session=tok", authorization: "Bearer api" }))).toEqual({
      token: "api",
      via: "bearer",
    });
    expect(readSessionToken(env, new Headers({ cookie: "other_alafia_session=x" }))).toBeNull();
    expect(readSessionToken({ NODE_ENV: "production" }, new Headers({ cookie: "alafia_session=tok" }))).toBeNull();
  });

  it("reads a malformed cookie value as it is instead of throwing (no 500 on every request)", () => {
    expect(readSessionToken({ NODE_ENV: "test" }, new Headers({ cookie: "alafia_session=%E0%A4%A" }))).toEqual({
      token: "%E0%A4%A",
      via: "cookie",
    });
  });
});
