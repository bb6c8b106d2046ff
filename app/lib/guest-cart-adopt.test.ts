import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "../../tests/support/fake-browser";
import { adoptServerLines, readGuestCart } from "./guest-cart";

// the cookie holds products' ids
const [p1, p2, p3] = [
  "11111111-1111-4111-8111-111111111111",
  "22222222-2222-4222-8222-222222222222",
  "33333333-3333-4333-8333-333333333333",
];
const keep = (store: Map<string, string>, lines: { productId: string; quantity: number }[]) => store.set("cart", JSON.stringify(lines));

describe("the browser's cart and its cookie mirror, as the page's script starts", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe("a cart the server wrote (~: forms posted before the script ran)", () => {
    let browser: ReturnType<typeof fakeBrowser>;
    beforeEach(() => {
      browser = fakeBrowser(`guest_cart=${encodeURIComponent(`~${p1}*3|${p3}*1`)}`);
      keep(browser.store, [
        { productId: p1, quantity: 1 },
        { productId: p2, quantity: 2 },
      ]);
    });
    it("becomes her cart: a quantity raised, a line removed, a line added", () => {
      adoptServerLines();
      expect(readGuestCart()).toEqual([
        { productId: p1, quantity: 3 },
        { productId: p3, quantity: 1 },
      ]);
      // and the mirror is the browser's again (no mark)
      expect(decodeURIComponent(browser.doc.cookie)).toMatch(new RegExp(`^guest_cart=${p1}\\*3\\|${p3}\\*1;`));
    });
  });

  it("an emptied cart the server wrote empties hers", () => {
    const { store } = fakeBrowser("guest_cart=~");
    keep(store, [{ productId: p1, quantity: 1 }]);
    adoptServerLines();
    expect(readGuestCart()).toEqual([]);
  });

  it("her browser's own mirror: only lines missing from the browser join it (the browser's quantities stand)", () => {
    const { store } = fakeBrowser(`guest_cart=${encodeURIComponent(`${p1}*5|${p3}*1`)}`);
    keep(store, [{ productId: p1, quantity: 1 }]);
    adoptServerLines();
    expect(readGuestCart()).toEqual([
      { productId: p1, quantity: 1 },
      { productId: p3, quantity: 1 },
    ]);
  });
});
