import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("goes back to a path on this site, normalised", () => {
    expect(safeRedirect("/profile?tab=1")).toBe("/profile?tab=1");
    expect(safeRedirect("/products?q=gift%20box#top")).toBe("/products?q=gift%20box#top");
    expect(safeRedirect("/a/../checkout")).toBe("/checkout");
    expect(safeRedirect("/checkout", "/dashboard")).toBe("/checkout");
  });

  it("refuses other hosts and schemes", () => {
    for (const bad of ["//evil.example", "https://evil.example", "javascript:alert(1)", "evil.example", null, undefined, 42, ""])
      expect(safeRedirect(bad), String(bad)).toBe("/");
  });

  it("refuses paths a browser would turn into another host (tabs, newlines, backslashes)", () => {
    for (const bad of ["/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n//evil.example", "/%09/x\\y", "/a\\..\\..\\evil"])
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe("/");
  });

  it("refuses dot segments that resolve to // and the percent-encoded forms of //, /\\ and control characters", () => {
    for (const bad of [
      "/.//evil.example/phish",
      "/./\\evil.example",
      "/x/..//evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%2e//evil.example",
      "/%252F%252Fevil.example",
      "/%09/evil.example",
      "/%E0%A4%A",
    ])
      expect(safeRedirect(bad), bad).toBe("/");
    expect(safeRedirect("/.//evil.example", "/dashboard")).toBe("/dashboard");
  });
});
