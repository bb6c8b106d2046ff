// 'New order' (docs/product.md "Manual orders") posted a form the server cannot read (JSON, a NUL
// in a field): a 400 with the screen and the message, never the error page (the page fuzzer's find).
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";

let t: PagesContext;
let admin: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  admin = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

describe("/neworder with a form it cannot read", () => {
  it.each([
    ["application/x-www-form-urlencoded", "name=calm%00journal&intent=refresh"],
    ["application/json", "-"],
    ["application/json", '{"email":"\\u0000","lines":["x"]}'],
  ])("%s %s: a 400 with the screen and the message", async (contentType, body) => {
    const res = await t.page("/neworder", { method: "POST", as: admin, body, headers: { "Content-Type": contentType } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('data-testid="new-order"');
    expect(html).not.toContain("Unexpected Application Error");
  });
});
