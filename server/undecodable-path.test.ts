import { describe, expect, it } from "vitest";
import { decodablePath, pageRequest } from "./undecodable-path";

describe("undecodable page paths", () => {
  it("tells a path React Router cannot decode from one it can", () => {
    for (const path of ["/", "/productdetails/abc", "/products/caf%C3%A9", "/search/100%25"]) expect(decodablePath(path)).toBe(true);
    for (const path of ["/%", "/productdetails/%ff", "/resume/%E0%A4%A", "/a/%zz/b"]) expect(decodablePath(path)).toBe(false);
  });

  it("keeps a decodable request as it is, and turns another into a GET of a path no page takes", () => {
    const fine = new Request("http://shop.test/productdetails/abc?x=1");
    expect(pageRequest(fine)).toBe(fine);
    const bad = new Request("http://shop.test/productdetails/%ff", { method: "POST", headers: { Cookie: "session=s" }, body: "a=1" });
    const answered = pageRequest(bad);
    expect(answered.method).toBe("GET");
    expect(new URL(answered.url).pathname).toBe("/page-not-found");
    expect(answered.headers.get("cookie")).toBe("session=s");
  });
});
