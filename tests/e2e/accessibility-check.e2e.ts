// The accessibility check every journey calls (support/browser.ts, axe-core run in the page) finds
// what it is there to find: a page with a picture and a button no screen reader can name fails it,
// naming both rules; the same page made right passes.
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("the accessibility check", () => {
  it("fails a page with an unnamed picture and button, and passes it once they are named", async () => {
    const { context, page } = await browser.newPage("phone");
    const draw = (img: string, button: string) =>
      page.setContent(`<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1>${img}${button}</main></html>`);
    await draw(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">`, `<button></button>`);
    const failed = await expectAccessible(page).then(
      () => "",
      (e: Error) => e.message,
    );
    expect(failed).toContain("image-alt");
    expect(failed).toContain("button-name");
    await draw(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20" alt="A dot">`, `<button>Pay</button>`);
    await expectAccessible(page);
    await context.close();
  });
});
