import { beforeAll, describe, expect, it } from "vitest";
import { lagosNow, addDays, longDay } from "../../lib/lagos-calendar";
import { createAdminUser } from "../factories";
import { createPagesContext, type PagesContext } from "../support/pages-app";
import { saveSettingsForm } from "../support/settings-form";

// docs/product.md "Note to shoppers": the owner's one line at the top of every storefront page,
// until a Lagos day she picks, opening a page of the shop when she gives one.
let t: PagesContext;
let owner: { id: string; role: "admin" };
beforeAll(async () => {
  t = await createPagesContext();
  owner = { id: (await createAdminUser(t.db)).id, role: "admin" };
});

/** through the pages' own app, so its page cache hears the write as a server's would */
const put = (json: Record<string, unknown>) =>
  t.page("/api/settings", { method: "PUT", as: owner, headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });
/** the page's markup as drawn, without its scripts (the loader's data is in the hydration data too) */
const drawn = async (path: string, as?: { id: string; role: "admin" }) =>
  (await (await t.page(path, { as })).text()).replace(/<!-- -->/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
const today = () => lagosNow(new Date()).date;
const NOTE = "Order by 20 December for delivery before Christmas";

describe("a note to shoppers", () => {
  it("shows above the header of every storefront page, opening the page she gave, and on the next request after a save", async () => {
    expect(await drawn("/")).not.toContain('data-testid="shop-notice"');
    expect((await put({ noticeText: ` ${NOTE} `, noticeLink: "/products?sort=best_selling", noticeUntil: "" })).status).toBe(200);
    for (const path of ["/", "/products", "/cart", "/contact"]) {
      const html = await drawn(path);
      expect(html).toMatch(
        new RegExp(
          `<aside aria-label="Note from the shop"[^>]*data-testid="shop-notice"><p[^>]*><a[^>]*href="/products\\?sort=best_selling"[^>]*><span[^>]*>${NOTE}</span></a></p></aside><header`,
        ),
      );
    }
    // the back office is the shop's own, not the shoppers'
    expect(await drawn("/dashboard", owner)).not.toContain(NOTE);
    // without a link: the words alone
    await put({ noticeLink: "" });
    expect(await drawn("/")).toMatch(new RegExp(`data-testid="shop-notice"><p[^>]*><span[^>]*>${NOTE}</span></p>`));
    // written as text, never as markup
    await put({ noticeText: "Sale <b>today</b> & tomorrow" });
    expect(await drawn("/")).toContain("Sale &lt;b&gt;today&lt;/b&gt; &amp; tomorrow");
    await put({ noticeText: "" });
    expect(await drawn("/")).not.toContain('data-testid="shop-notice"');
  });

  it("shows through its last day in Lagos, and not after", async () => {
    await put({ noticeText: NOTE, noticeUntil: today() });
    expect(await drawn("/")).toContain(NOTE);
    await put({ noticeUntil: addDays(today(), -1) });
    expect(await drawn("/")).not.toContain(NOTE);
    await put({ noticeText: "", noticeUntil: "" });
  });

  it("set up ahead: shows from its first day in Lagos, not before; a last day before the first is refused", async () => {
    await put({ noticeText: NOTE, noticeFrom: addDays(today(), 1), noticeUntil: addDays(today(), 5) });
    expect(await drawn("/")).not.toContain(NOTE);
    // the owner reads on /settings when shoppers will see it
    expect(await drawn("/settings", owner)).toContain(
      `data-testid="notice-state">Shoppers see it from ${longDay(addDays(today(), 1))}</p>`,
    );
    await put({ noticeFrom: today() });
    expect(await drawn("/")).toContain(NOTE);
    expect(await drawn("/settings", owner)).toContain(
      `data-testid="notice-state">Shoppers see it now, through ${longDay(addDays(today(), 5))}</p>`,
    );
    // a last day before the first, whichever of the two the save moves, and nothing of it is kept
    for (const change of [{ noticeUntil: addDays(today(), -1) }, { noticeFrom: addDays(today(), 6) }]) {
      const res = await put(change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await res.json()).fields).toEqual({ noticeUntil: "Show until must be on or after Show from" });
    }
    expect(await drawn("/")).toContain(NOTE);
    // the first and last day the same day: that day only
    expect((await put({ noticeFrom: today(), noticeUntil: today() })).status).toBe(200);
    expect(await drawn("/")).toContain(NOTE);
    const refused = await put({ noticeFrom: "2026-13-01" });
    expect((await refused.json()).fields).toEqual({ noticeFrom: "Show from must be a date like 2026-12-20" });
    // ended: the owner is told so
    await put({ noticeFrom: addDays(today(), -3), noticeUntil: addDays(today(), -1) });
    expect(await drawn("/")).not.toContain(NOTE);
    expect(await drawn("/settings", owner)).toContain("Its last day has passed: shoppers no longer see it");
    // from the form without its script, the first day kept and shown again
    const saved = await saveSettingsForm(t, owner, { noticeText: NOTE, noticeFrom: addDays(today(), 2), noticeUntil: "" });
    expect(saved.status).toBe(200);
    expect(await drawn("/")).not.toContain(NOTE);
    expect(await drawn("/settings", owner)).toMatch(new RegExp(`name="noticeFrom"[^>]*value="${addDays(today(), 2)}"`));
    await put({ noticeText: "", noticeFrom: "", noticeUntil: "" });
    expect(await drawn("/settings", owner)).not.toContain('data-testid="notice-state"');
  });

  it("refuses a link to another site, a script, a note too long and a day that does not exist, naming each field", async () => {
    for (const link of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", "products"]) {
      const res = await put({ noticeText: NOTE, noticeLink: link });
      expect(res.status, link).toBe(400);
      expect((await res.json()).fields).toEqual({ noticeLink: "Note's link must be a page of the shop, starting with /, like /products" });
    }
    const res = await put({ noticeText: "x".repeat(161), noticeUntil: "2026-02-30" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      noticeText: "Note to shoppers must be at most 160 characters",
      noticeUntil: "Show until must be a date like 2026-12-24",
    });
    // nothing of a refused save is kept
    expect(await drawn("/")).not.toContain('data-testid="shop-notice"');
  });

  it("is saved by the /settings form before its script runs; a form from before the fields keeps the note", async () => {
    const saved = await saveSettingsForm(t, owner, { noticeText: NOTE, noticeUntil: addDays(today(), 3), noticeLink: "/?code=XMAS25" });
    expect(saved.status).toBe(200);
    expect(await drawn("/")).toContain('href="/?code=XMAS25"');
    const settings = await drawn("/settings", owner);
    expect(settings).toContain(`value="${NOTE}"`);
    expect(settings).toContain(`value="${addDays(today(), 3)}"`);
    // an older form: the note stays
    expect((await saveSettingsForm(t, owner, {})).status).toBe(200);
    expect(await drawn("/")).toContain(NOTE);
    // a refused form comes back with what she typed
    const refused = await saveSettingsForm(t, owner, { noticeText: NOTE, noticeLink: "https://evil.example" });
    expect(refused.status).toBe(400);
    const page = (await refused.text()).replace(/<!-- -->/g, "");
    expect(page).toContain('value="https://evil.example"');
    expect(page).toContain("Note&#x27;s link must be a page of the shop");
    await put({ noticeText: "", noticeUntil: "", noticeLink: "" });
  });
});
