import { describe, expect, it } from "vitest";
import { withoutTrackingParams } from "./tracking-params";

describe("withoutTrackingParams", () => {
  it("drops the platforms' click ids and campaign tags, and keeps what the shop reads, in its order", () => {
    expect(withoutTrackingParams("?fbclid=IwAR3xYz")).toBe("");
    expect(withoutTrackingParams("?utm_source=ig&utm_medium=social&utm_content=link_in_bio")).toBe("");
    expect(withoutTrackingParams("?q=journal&fbclid=IwAR3xYz&page=2&igshid=MzRlODBiNWFlZA==")).toBe("?q=journal&page=2");
    expect(withoutTrackingParams("?gclid=abc&sort=price_asc")).toBe("?sort=price_asc");
  });

  it("leaves a query without them exactly as it came", () => {
    expect(withoutTrackingParams("")).toBe("");
    expect(withoutTrackingParams("?q=shea%20butter&categoryId=7")).toBe("?q=shea%20butter&categoryId=7");
    expect(withoutTrackingParams("?utmost=1&ref=whatsapp")).toBe("?utmost=1&ref=whatsapp");
  });
});
